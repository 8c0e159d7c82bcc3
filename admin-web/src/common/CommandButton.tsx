import { useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import {
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  usePermissions,
  useRefresh,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ConsoleDataProvider, LedgerEntryRecord } from '../dataProvider';
import type { Permission } from '../../../server/src/contracts/operators.js';
import { useShowLedger } from './LedgerDialog';

export interface CommandField {
  name: string;
  label: string;
  type?: 'number' | 'text';
  choices?: { id: string; name: string }[];
  required?: boolean;
  defaultValue?: string;
}

/**
 * A command's button: its icon and its words at every width (react-admin's Button keeps only the icon below
 * 600 px, and a button without one is left empty).
 */
export const LabelledButton = ({
  label,
  icon,
  onClick,
  disabled,
  color = 'primary',
}: {
  label: string;
  icon: ReactElement;
  onClick: (event: MouseEvent) => void;
  disabled?: boolean;
  color?: CommandButtonProps['color'];
}) => (
  <MuiButton
    size="small"
    color={color}
    disabled={disabled}
    startIcon={icon}
    onClick={onClick}
    sx={{ whiteSpace: 'nowrap' }}
  >
    {label}
  </MuiButton>
);

/** A record page's commands above it: they wrap onto more lines on a phone instead of widening the page. */
export const CommandBar = ({ children }: { children: ReactNode }) => (
  <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>{children}</TopToolbar>
);

export interface CommandButtonProps {
  label: string;
  icon: ReactElement;
  /** Runs the command; `values` holds what the dialog's fields collected. */
  run: (dp: ConsoleDataProvider, record: RaRecord, values: Record<string, string>) => Promise<unknown>;
  /** Ask first (reject, cancel ...): the dialog's text. */
  confirm?: string;
  /** Inputs asked for before running (remains, start count, reason ...). */
  fields?: CommandField[];
  /**
   * Show the ledger entry the command wrote: `true` takes it from the answer (`ledgerEntry`, or the
   * answer itself when it is an entry); a function names the ledger reference to look up instead.
   */
  ledger?: true | ((record: RaRecord, values: Record<string, string>) => [string, Identifier]);
  /** The toast after success; a function may show what the command answered. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller types the answer of its own command
  success?: string | ((result: any, record: RaRecord) => string);
  disabled?: boolean;
  color?: 'primary' | 'error' | 'success' | 'warning' | 'inherit';
  /** What the route behind it needs: the button is not drawn for a role without it. */
  permission?: Permission;
}

/** A command above APPROVAL_THRESHOLD answers the held request (202) instead of running: say so, else `done`. */
export const heldOr =
  (done: string) =>
  (result: { status?: string; kind?: string; id?: number } | null): string =>
    result?.status === 'PENDING' && result.kind
      ? `2인 승인 대기: 다른 운영자가 승인하면 실행됩니다 (승인 요청 #${result.id}).`
      : done;

/** The ledger entry in a command's answer: `{..., ledgerEntry}` or the entry itself. */
const entriesIn = (result: unknown): LedgerEntryRecord[] => {
  const r = result as { ledgerEntry?: LedgerEntryRecord | null; balanceAfter?: unknown } | null;
  if (r?.ledgerEntry) return [r.ledgerEntry];
  return r && r.balanceAfter !== undefined ? [r as unknown as LedgerEntryRecord] : [];
};

/**
 * One operator command on the current record: optional confirmation or inputs, the call, a toast with
 * the server's message on failure, a refresh, and the resulting ledger entry when money moved.
 */
export const CommandButton = ({
  label,
  icon,
  run,
  confirm,
  fields,
  ledger,
  success = '처리되었습니다.',
  disabled,
  color = 'primary',
  permission,
}: CommandButtonProps) => {
  const record = useRecordContext();
  const { permissions } = usePermissions<Permission[]>();
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const showLedger = useShowLedger();
  if (!record || (permission && !permissions?.includes(permission))) return null;

  const execute = async () => {
    setBusy(true);
    try {
      const result = await run(dp, record, values);
      notify(typeof success === 'string' ? success : success(result, record), { type: 'success' });
      setAsking(false);
      // A held command moved nothing yet: no ledger to show.
      if (heldOr('')(result as never)) {
        /* nothing */
      } else if (ledger === true) showLedger(entriesIn(result));
      else if (ledger) showLedger(await dp.ledgerFor(...ledger(record, values)));
      refresh();
    } catch (error) {
      notify((error as Error).message || '오류가 발생했습니다.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const needsDialog = Boolean(confirm || fields?.length);
  const missing = fields?.some((f) => f.required !== false && !values[f.name]);

  return (
    <>
      <LabelledButton
        label={label}
        icon={icon}
        color={color}
        disabled={disabled || busy}
        onClick={(e) => {
          e.stopPropagation();
          if (needsDialog) {
            setValues(
              Object.fromEntries(
                (fields ?? []).filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue!]),
              ),
            );
            setAsking(true);
          } else void execute();
        }}
      />
      <Dialog open={asking} onClose={() => setAsking(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          {confirm && <DialogContentText>{confirm}</DialogContentText>}
          <Stack spacing={2} sx={{ mt: 1 }}>
            {fields?.map((f) => (
              <TextField
                key={f.name}
                name={f.name}
                label={f.label}
                type={f.type === 'number' ? 'number' : 'text'}
                select={Boolean(f.choices)}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                size="small"
              >
                {f.choices?.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setAsking(false)}>취소</MuiButton>
          <MuiButton
            onClick={() => void execute()}
            disabled={busy || missing}
            variant="contained"
            color={color === 'inherit' ? 'primary' : color}
          >
            확인
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
