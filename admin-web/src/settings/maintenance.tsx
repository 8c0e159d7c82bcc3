import { TextInput, type DataProvider } from 'react-admin';
import {
  MAINTENANCE_KEYS,
  MAINTENANCE_MESSAGE_MAX,
  kstInputInstant,
  kstInputValue,
} from '../../../server/src/contracts/maintenance.js';
import type { SettingView } from '../../../server/src/contracts/settings.js';

/** 점검 모드's keys (the switch, the message, the window): saved together, so a moved window is checked whole. */
export const isMaintenanceKey = (key: string) => (MAINTENANCE_KEYS as readonly string[]).includes(key);

/** The message and the window's ends; the switch stays the form's BooleanInput. Times are Korean time. */
export const MaintenanceInput = ({ setting }: { setting: SettingView }) => {
  const common = { source: setting.key, label: setting.label, helperText: setting.key };
  if (setting.kind === 'datetime')
    return (
      <TextInput
        {...common}
        type="datetime-local"
        format={kstInputValue}
        parse={kstInputInstant}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    );
  return (
    <TextInput
      {...common}
      helperText={`${setting.key} · ${MAINTENANCE_MESSAGE_MAX}자 이하, 배너와 주문·충전 거절 안내에 그대로 보입니다`}
      parse={(v: string | null) => v ?? ''}
      multiline
      fullWidth
    />
  );
};

/** PUT /api/admin/settings/maintenance with the changed keys; a refusal goes under the key it names. */
export async function saveMaintenance(
  dp: DataProvider,
  values: Record<string, unknown>,
): Promise<{ saved: number; errors: Record<string, string> }> {
  const count = Object.keys(values).length;
  if (count === 0) return { saved: 0, errors: {} };
  try {
    await dp.update('settings', { id: 'maintenance', data: { values }, previousData: { id: 'maintenance' } });
    return { saved: count, errors: {} };
  } catch (e) {
    const message = String((e as Error).message ?? '') || '저장하지 못했습니다';
    const named = MAINTENANCE_KEYS.find((k) => message.includes(`(${k})`));
    return { saved: 0, errors: { [named ?? Object.keys(values)[0]!]: message } };
  }
}
