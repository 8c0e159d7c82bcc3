import { useGetResourceLabel, useResourceContext, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';

/** What a list without rows says (in a table or as cards): `text`, or "<목록 이름>이 없습니다". */
export const NoRows = ({ text }: { text?: string }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const label = useGetResourceLabel();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary" data-testid="no-rows">
      {text ?? `${translate('ra.navigation.no_results', { name: resource ? label(resource, 2) : '' })}.`}
    </Typography>
  );
};
