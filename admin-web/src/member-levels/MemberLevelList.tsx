import { Datagrid, List as RaList, NumberField, TextField } from 'react-admin';

/** 회원 등급: reached at a cumulative accepted charge total, a discount on every price the member sees and pays. */
const MemberLevelList = () => (
  <RaList sort={{ field: 'threshold', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <NumberField source="threshold" locales="ko-KR" />
      <TextField source="discountPercent" />
    </Datagrid>
  </RaList>
);

export default MemberLevelList;
