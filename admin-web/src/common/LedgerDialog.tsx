import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { LedgerEntryRecord } from '../dataProvider';
import { ledgerKinds } from './fields';

const won = (n: number) => `${Number(n).toLocaleString('ko-KR')}원`;

const ShowLedger = createContext<(entries: LedgerEntryRecord[]) => void>(() => {});

/** Shows the ledger entries a command wrote (at layout level: it outlives the row whose button ran it). */
export const useShowLedger = () => useContext(ShowLedger);

export const LedgerDialogProvider = ({ children }: { children: ReactNode }) => {
  const [entries, setEntries] = useState<LedgerEntryRecord[] | null>(null);
  const show = useCallback((list: LedgerEntryRecord[]) => setEntries(list), []);
  return (
    <ShowLedger.Provider value={show}>
      {children}
      <Dialog open={entries !== null} onClose={() => setEntries(null)}>
        <DialogTitle>원장 기록</DialogTitle>
        <DialogContent>
          {entries?.length === 0 && <DialogContentText>원장 변동이 없습니다.</DialogContentText>}
          <Stack spacing={1} data-testid="ledger-result">
            {entries?.map((e) => (
              <DialogContentText key={e.id}>
                [{ledgerKinds[e.kind]?.label ?? e.kind}] 회원 #{e.memberId} {e.amount > 0 ? '+' : ''}
                {won(e.amount)} → 잔액 {won(e.balanceAfter)}
                {e.memo ? ` (${e.memo})` : ''}
              </DialogContentText>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEntries(null)}>닫기</Button>
        </DialogActions>
      </Dialog>
    </ShowLedger.Provider>
  );
};
