import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  Datagrid,
  FieldTitle,
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useResourceContext,
  type DatagridProps,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NoRows } from './EmptyList';

/** Below 600 px the console shows cards instead of tables. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

type FieldProps = { source?: string; label?: ReactNode | false };

/**
 * The rows of the current list as one card each: every column of the table as a labelled line (a column
 * with an empty label, such as commands, stands alone). Tapping a card opens the record like the table's row.
 */
export const RecordCards = ({
  children,
  rowClick,
  empty,
}: {
  children: ReactNode;
  rowClick?: 'show' | 'edit' | false;
  empty?: ReactNode;
}) => {
  const { data, isPending } = useListContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  if (isPending) return null;
  if (!data?.length) return empty ?? <NoRows />;
  const fields = Children.toArray(children).filter(isValidElement) as ReactElement<FieldProps>[];
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="record-cards">
      {data.map((record: RaRecord) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card
            variant="outlined"
            data-testid="record-card"
            onClick={
              rowClick ? () => void navigate(createPath({ resource, id: record.id, type: rowClick })) : undefined
            }
            sx={{ cursor: rowClick ? 'pointer' : undefined }}
          >
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              {fields.map((field, i) => (
                <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', py: 0.25 }}>
                  {field.props.label !== '' && field.props.label !== false && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ flex: '0 0 88px', wordBreak: 'keep-all' }}
                    >
                      <FieldTitle label={field.props.label as string} source={field.props.source} resource={resource} />
                    </Typography>
                  )}
                  <Box sx={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere', fontSize: 14 }}>{field}</Box>
                </Box>
              ))}
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** A list's table on a desk, its cards on a phone: the same columns, written once. */
export const ResponsiveDatagrid = ({ children, rowClick, ...props }: DatagridProps) => {
  const phone = usePhone();
  if (phone)
    return (
      <RecordCards rowClick={rowClick === 'show' || rowClick === 'edit' ? rowClick : false} empty={props.empty}>
        {children}
      </RecordCards>
    );
  return (
    <Datagrid rowClick={rowClick} {...props}>
      {children}
    </Datagrid>
  );
};
