import { BooleanField, FunctionField, List as RaList, TextField, useGetList } from 'react-admin';
import type { ImportServicesResult } from '../dataProvider';
import Box from '@mui/material/Box';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import SyncIcon from '@mui/icons-material/Sync';
import { CommandButton } from '../common/CommandButton';
import { DateTimeField } from '../common/fields';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';

const Commands = () => {
  const { data: categories = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'sortOrder', order: 'ASC' },
  });
  return (
    // One line in the table; on a phone's card the three wrap instead of widening the page.
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 0.5 }}>
      <CommandButton
        label="잔액 확인"
        icon={<AccountBalanceWalletIcon />}
        run={(dp, r) => dp.providerBalance(r.id)}
        success={(b: { balance: string; currency: string }, r) => `${r.name} 잔액: ${b.balance} ${b.currency}`}
      />
      <CommandButton
        label="서비스 가져오기"
        icon={<CloudDownloadIcon />}
        confirm="공급사의 서비스를 가져와 상품으로 추가하거나, 이미 가져온 상품의 단가·수량을 갱신합니다."
        fields={[
          {
            name: 'categoryId',
            label: '넣을 카테고리',
            choices: categories.map((c) => ({ id: String(c.id), name: `${c.platform} / ${c.text}` })),
          },
          { name: 'markupPercent', label: '마진율 (%)', type: 'number', defaultValue: '30' },
          { name: 'currencyRate', label: '환율 (공급사 통화 1단위당 원)', type: 'number', defaultValue: '1' },
        ]}
        run={(dp, r, v) =>
          dp.importServices(r.id, {
            categoryId: Number(v.categoryId),
            markupPercent: v.markupPercent!,
            currencyRate: v.currencyRate!,
          })
        }
        success={(res: ImportServicesResult) =>
          `서비스를 가져왔습니다. 추가 ${res.created}건, 갱신 ${res.updated}건, 건너뜀 ${res.skipped.length}건`
        }
      />
      <CommandButton
        label="가격 동기화"
        icon={<SyncIcon />}
        confirm="공급사의 현재 단가를 읽어 연결된 상품의 공급사 단가와 판매가를 가격 규칙대로 맞춥니다."
        run={(dp, r) => dp.syncProviderPrices(r.id)}
        success={(res: { checked: number; changes: unknown[] }) =>
          `가격 동기화를 마쳤습니다. 확인 ${res.checked}건, 변경 ${res.changes.length}건`
        }
      />
    </Box>
  );
};

const ProviderList = () => (
  <RaList sort={{ field: 'id', order: 'ASC' }} exporter={false}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="apiUrl" />
      <BooleanField source="enabled" />
      <TextField source="currencyRate" />
      <FunctionField
        source="hasKey"
        render={(r) => (r.hasKey ? `설정됨${r.keyLast4 ? ` (…${r.keyLast4})` : ''}` : '없음')}
      />
      <DateTimeField source="createdAt" />
      <FunctionField label="작업" render={() => <Commands />} />
    </ResponsiveDatagrid>
  </RaList>
);

export default ProviderList;
