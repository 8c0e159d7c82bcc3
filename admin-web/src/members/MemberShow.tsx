import { BooleanField, Show, TabbedShowLayout, TextField, useRecordContext } from 'react-admin';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import TuneIcon from '@mui/icons-material/Tune';
import { CommandBar, CommandButton, heldOr } from '../common/CommandButton';
import { chargeStatuses, DateTimeField, StatusField, WonField } from '../common/fields';
import { LedgerEntryGrid } from '../ledger-entries/LedgerEntryList';
import { OrderGrid } from '../orders/OrderList';
import { AutoOrderGrid } from '../auto-orders/AutoOrderList';
import { memberStatuses } from './statuses';
import { Related } from '../common/references';
import { ReferralFigures } from './ReferralFigures';
import { MemberPricing } from './MemberPricing';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid';
import { ScrollableTabs } from '../common/ScrollableTabs';
import type { AdminMemberView } from '../../../server/src/contracts/views.js';

const Commands = () => {
  const member = useRecordContext<AdminMemberView>();
  const suspended = member?.status === 'SUSPENDED';
  return (
    <CommandBar>
      <CommandButton
        label="포인트 조정"
        permission="points.adjust"
        icon={<TuneIcon />}
        fields={[
          { name: 'amount', label: '금액 (차감은 음수)', type: 'number' },
          { name: 'reason', label: '사유' },
        ]}
        run={(dp, r, v) => dp.adjustPoints(r.id, Number(v.amount), v.reason!)}
        ledger
        success={heldOr('포인트를 조정했습니다.')}
      />
      {suspended ? (
        <CommandButton
          label="정지 해제"
          permission="members.manage"
          icon={<LockOpenIcon />}
          run={(dp, r) => dp.reinstateMember(r.id)}
          success="정지를 해제했습니다."
        />
      ) : (
        <CommandButton
          label="이용 정지"
          permission="members.manage"
          icon={<BlockIcon />}
          color="error"
          disabled={member?.status === 'DELETED'}
          confirm="이 회원의 로그인과 API 사용을 정지합니다."
          run={(dp, r) => dp.suspendMember(r.id)}
          success="회원을 정지했습니다."
        />
      )}
    </CommandBar>
  );
};

/** A member: profile and balance, the ledger, their orders, auto-orders and charges. */
const MemberShow = () => (
  <Show actions={<Commands />}>
    <TabbedShowLayout tabs={<ScrollableTabs />}>
      <TabbedShowLayout.Tab label="기본 정보">
        <TextField source="id" />
        <TextField source="loginId" />
        <WonField source="point" />
        <StatusField source="status" labels={memberStatuses} />
        <TextField source="email" emptyText="-" />
        <TextField source="phone" emptyText="-" />
        <TextField source="registerWhere" emptyText="-" />
        <TextField source="referralCode" emptyText="-" />
        <TextField source="socialProviders" emptyText="-" />
        <BooleanField source="hasApiKey" />
        <DateTimeField source="createdAt" />
        <DateTimeField source="deletedAt" emptyText="-" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="포인트 원장" path="ledger">
        <Related reference="ledger-entries" target="memberId">
          <LedgerEntryGrid showMember={false} />
        </Related>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="주문" path="orders">
        <Related reference="orders" target="memberId">
          <OrderGrid showMember={false} />
        </Related>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="자동주문" path="auto-orders">
        <Related reference="auto-orders" target="memberId">
          <AutoOrderGrid showMember={false} />
        </Related>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="충전" path="charges">
        <Related reference="charges" target="memberId">
          <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="id" />
            <DateTimeField source="createdAt" />
            <TextField source="depositorName" />
            <WonField source="point" />
            <StatusField source="status" labels={chargeStatuses} />
            <DateTimeField source="responseAt" emptyText="-" />
          </ResponsiveDatagrid>
        </Related>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="등급 · 단가" path="pricing">
        <MemberPricing />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="추천" path="referrals">
        <ReferralFigures />
        <Related reference="referrals" target="referrerId">
          <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="id" />
            <DateTimeField source="createdAt" />
            <TextField source="referredId" />
            <TextField source="chargeId" />
            <TextField source="rate" />
            <WonField source="amount" />
            <WonField source="reclaimed" />
            <WonField source="unrecovered" />
          </ResponsiveDatagrid>
        </Related>
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);

export default MemberShow;
