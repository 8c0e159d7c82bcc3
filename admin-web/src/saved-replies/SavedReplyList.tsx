import { Datagrid, Link, List as RaList, TextField } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DateTimeField } from '../common/fields';

/** With none yet: what they are for, and the way to add one. */
const NoSavedReplies = () => (
  <Box sx={{ p: 2 }} data-testid="no-rows">
    <Typography color="text.secondary" sx={{ mb: 1 }}>
      저장된 답변이 없습니다. 자주 쓰는 답변을 저장해 두면 문의에 답할 때 골라 쓸 수 있습니다.
    </Typography>
    <Button component={Link} to="/saved-replies/create" variant="outlined" startIcon={<AddIcon />}>
      답변 추가
    </Button>
  </Box>
);

/** 저장된 답변: answers operators pick on a ticket page. */
const SavedReplyList = () => (
  <RaList sort={{ field: 'id', order: 'DESC' }} exporter={false} empty={<NoSavedReplies />}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="body" sx={{ whiteSpace: 'pre-wrap' }} />
      <DateTimeField source="createdAt" />
    </Datagrid>
  </RaList>
);

export default SavedReplyList;
