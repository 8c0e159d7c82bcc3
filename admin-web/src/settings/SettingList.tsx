import { useMemo } from 'react';
import {
  BooleanInput,
  Form,
  Loading,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  useDataProvider,
  useGetList,
  useNotify,
  useRefresh,
  type Validator,
} from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ImageUrlInput } from '../common/ImageUrlInput';
import { labelChoices } from '../common/fields';
import { isMaintenanceKey, MaintenanceInput, saveMaintenance } from './maintenance';
import {
  DELETION_BALANCE_LABELS,
  PAYMENT_TYPE_LABELS,
  type SettingGroup,
  type SettingView,
} from '../../../server/src/contracts/settings.js';

/** GET /api/admin/settings: every key with its kind, area and label (server/src/contracts/settings.ts). */
type SettingRow = SettingView;

/** The areas of the one settings form, in order; charge presets get their own area. */
const AREAS: { id: SettingGroup | 'presets'; title: string; holds: (s: SettingRow) => boolean }[] = [
  { id: 'footer', title: '푸터 (사업자 정보)', holds: (s) => s.group === 'footer' },
  { id: 'banking', title: '입금 계좌', holds: (s) => s.group === 'banking' },
  { id: 'site', title: '사이트', holds: (s) => s.group === 'site' },
  { id: 'switches', title: '기능 스위치', holds: (s) => s.group === 'switches' },
  { id: 'payment', title: '결제 유형', holds: (s) => s.group === 'payment' && s.kind !== 'numberList' },
  { id: 'presets', title: '충전 금액 버튼', holds: (s) => s.kind === 'numberList' },
  { id: 'social', title: '소셜 로그인', holds: (s) => s.group === 'social' },
  { id: 'members', title: '회원', holds: (s) => s.group === 'members' },
  { id: 'alerts', title: '운영자 알림', holds: (s) => s.group === 'alerts' },
  { id: 'orders', title: '주문', holds: (s) => s.group === 'orders' },
];

const PAYMENT_TYPE_CHOICES = labelChoices(PAYMENT_TYPE_LABELS);
const DELETION_BALANCE_CHOICES = labelChoices(DELETION_BALANCE_LABELS);

const urlRule: Validator = (v: string) =>
  !v || /^https?:\/\/\S+$/.test(v) ? undefined : 'http(s)로 시작하는 주소이거나 비워 두어야 합니다';
const colorRule: Validator = (v: string) =>
  !v || /^#[0-9a-fA-F]{6}$/.test(v) ? undefined : '#1a73e8 형식의 색상이거나 비워 두어야 합니다';
const listRule: Validator = (v: unknown) =>
  Array.isArray(v) && v.every((n) => Number.isInteger(n) && n > 0)
    ? undefined
    : '쉼표로 구분한 양의 정수(원)여야 합니다';

const formatList = (v: unknown) => (Array.isArray(v) ? v.join(', ') : (v as string));
const parseList = (text: string) =>
  text.trim() === '' ? [] : text.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : NaN));

const SettingInput = ({ setting }: { setting: SettingRow }) => {
  const common = { source: setting.key, label: setting.label, helperText: setting.key };
  switch (setting.kind) {
    case 'switch':
      return <BooleanInput {...common} />;
    case 'paymentType':
      return <SelectInput {...common} choices={PAYMENT_TYPE_CHOICES} />;
    case 'deletionBalance':
      return <SelectInput {...common} choices={DELETION_BALANCE_CHOICES} />;
    case 'numberList':
      return <TextInput {...common} format={formatList} parse={parseList} validate={listRule} fullWidth />;
    case 'color':
      return <TextInput {...common} validate={colorRule} />;
    case 'url':
      return <TextInput {...common} validate={urlRule} fullWidth />;
    case 'siteName':
      // Blank: the storefront, the console and the mails use "SMM 패널".
      return <TextInput {...common} helperText={`${setting.key} · 비워 두면 "SMM 패널"`} fullWidth />;
    case 'imageUrl':
      // Uploaded like the popups' images (POST /api/admin/uploads), or any http(s) address.
      return <ImageUrlInput source={setting.key} label={setting.label} />;
    case 'datetime':
    case 'maintenanceMessage':
      return <MaintenanceInput setting={setting} />;
    default:
      return <TextInput {...common} fullWidth multiline={setting.key === 'BANKING_DISPLAY_TEXT'} />;
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every site setting in ONE form, grouped by area. Saving writes each changed key
 * (PUT /api/admin/settings/:key); a key the server refuses keeps its error under its field.
 */
const SettingList = () => {
  const { data, isPending, error } = useGetList<SettingRow>('settings', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'group', order: 'ASC' },
  });
  const dp = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const byKey = useMemo(() => new Map((data ?? []).map((s) => [s.key, s])), [data]);
  const defaults = useMemo(() => Object.fromEntries((data ?? []).map((s) => [s.key, s.value])), [data]);

  if (isPending) return <Loading />;
  if (error || !data) return <Typography color="error">설정을 불러오지 못했습니다.</Typography>;

  const save = async (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    let saved = 0;
    const maintenance: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const previous = byKey.get(key);
      if (!previous || same(previous.value, value)) continue;
      if (isMaintenanceKey(key)) {
        maintenance[key] = value;
        continue;
      }
      try {
        await dp.update('settings', { id: key, data: { value }, previousData: previous });
        saved += 1;
      } catch (e) {
        errors[key] =
          String((e as Error).message ?? '').replace(new RegExp(`^${key}\\s*`), '') || '저장하지 못했습니다';
      }
    }
    const paused = await saveMaintenance(dp, maintenance);
    saved += paused.saved;
    Object.assign(errors, paused.errors);
    if (Object.keys(errors).length > 0) {
      notify(`${Object.keys(errors).length}개 항목을 저장하지 못했습니다.`, { type: 'error' });
      return errors;
    }
    notify(saved === 0 ? '변경된 항목이 없습니다.' : `${saved}개 항목을 저장했습니다.`, { type: 'success' });
    refresh();
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="사이트 설정" />
      <Form defaultValues={defaults} onSubmit={save} record={defaults} key={JSON.stringify(defaults)}>
        {AREAS.map((area) => (
          <Card key={area.id} sx={{ mb: 2 }} data-area={area.id}>
            <CardContent>
              <Typography variant="h6" gutterBottom>
                {area.title}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
                {data.filter(area.holds).map((s) => (
                  <SettingInput key={s.key} setting={s} />
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
        <Box sx={{ py: 1 }}>
          <SaveButton label="설정 저장" />
        </Box>
      </Form>
    </Box>
  );
};

export default SettingList;
