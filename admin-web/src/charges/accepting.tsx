import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRefresh, type Identifier } from 'react-admin';
import MuiButton from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { ConsoleDataProvider } from '../dataProvider';

/** How long the 실행 취소 of an accept stays offered. */
export const UNDO_MS = 5000;

interface Accepting {
  /** Charges accepted in this window whose accept is still undoable: they have left the waiting list. */
  hidden: ReadonlySet<Identifier>;
  accept: (id: Identifier) => void;
}

const AcceptingContext = createContext<Accepting>({ hidden: new Set(), accept: () => {} });
export const useAccepting = () => useContext(AcceptingContext);

/**
 * Issue 18: 수락 is one tap. The row leaves the waiting list at once and a short notice offers 실행 취소 for
 * {@link UNDO_MS}; the accept (and so the CHARGE ledger entry) is sent only when that time is over, so an undo
 * moves no money at all. A refusal from the server brings the row back with the server's reason.
 */
export function AcceptingProvider({ children }: { children: ReactNode }) {
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [hidden, setHidden] = useState<ReadonlySet<Identifier>>(new Set());
  // The accepts waiting for their undo window to close, each with its timer.
  const waiting = useRef(new Map<Identifier, ReturnType<typeof setTimeout>>());
  const [notice, setNotice] = useState<Identifier | null>(null);
  const show = useCallback((id: Identifier) => setHidden((h) => new Set([...h].filter((x) => x !== id))), []);
  const send = useCallback(
    async (id: Identifier) => {
      waiting.current.delete(id);
      setNotice((n) => (n === id ? null : n));
      try {
        await dp.acceptCharge(id);
      } catch (error) {
        notify((error as Error).message || '오류가 발생했습니다.', { type: 'error' });
      }
      show(id);
      refresh();
    },
    [dp, notify, refresh, show],
  );
  const accept = useCallback(
    (id: Identifier) => {
      setHidden((h) => new Set(h).add(id));
      waiting.current.set(
        id,
        setTimeout(() => void send(id), UNDO_MS),
      );
      setNotice(id);
    },
    [send],
  );
  const undo = (id: Identifier) => {
    clearTimeout(waiting.current.get(id));
    waiting.current.delete(id);
    setNotice(null);
    show(id);
  };
  // Leaving the screen does not drop an accept the operator did not undo: it is sent at once.
  useEffect(
    () => () => {
      for (const [id, timer] of waiting.current) {
        clearTimeout(timer);
        void dp.acceptCharge(id).catch(() => {});
      }
    },
    [dp],
  );
  const value = useMemo(() => ({ hidden, accept }), [hidden, accept]);
  return (
    <AcceptingContext.Provider value={value}>
      {children}
      <Snackbar
        open={notice !== null}
        message={notice !== null ? `충전 #${notice}을 수락했습니다.` : ''}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        action={
          notice !== null ? (
            <MuiButton color="warning" size="small" onClick={() => undo(notice)}>
              실행 취소
            </MuiButton>
          ) : null
        }
        data-testid="accept-notice"
      />
    </AcceptingContext.Provider>
  );
}

/** "2시간 14분" until a waiting charge's 3-hour auto-cancel, updated every 30 seconds. */
export function TimeLeft({ expiresAt }: { expiresAt: string | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return <span>-</span>;
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) return <span style={{ color: '#b91c1c' }}>기한 지남</span>;
  const minutes = Math.ceil(left / 60_000);
  const text = minutes >= 60 ? `${Math.floor(minutes / 60)}시간 ${minutes % 60}분` : `${minutes}분`;
  return (
    <span
      style={{
        color: minutes <= 30 ? '#b45309' : undefined,
        fontWeight: minutes <= 30 ? 700 : undefined,
        whiteSpace: 'nowrap',
      }}
    >
      {text} 남음
    </span>
  );
}
