import { useEffect, useState } from 'react';
import { useDataProvider, useListContext, useNotify, useUpdate, type RaRecord } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** How long the 실행 취소 of an accept stays offered. */
export const UNDO_MS = 5000;

/**
 * 수락 is one tap, in react-admin's undoable mode. The charge is marked SUCCESS in the cache at once
 * (so it leaves the waiting tab, see {@link useLeftTab}) and a notice offers 실행 취소 for {@link UNDO_MS}; the
 * accept (and so the CHARGE ledger entry) is sent only when the notice closes, so an undo moves no money at all.
 * A refusal from the server rolls the cache back (the row returns) with the server's reason.
 */
export function useAcceptCharge() {
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [update] = useUpdate<RaRecord>('charges', undefined, {
    mutationMode: 'undoable',
    // POST /charges/:id/accept (not PUT): its answer is {charge, ledgerEntry}; the lists are fetched again after.
    mutationFn: async ({ id, data, previousData }) => {
      await dp.acceptCharge(id!);
      return { ...(previousData as RaRecord), ...data, id: id! };
    },
    onSuccess: (_, { id }) =>
      notify(`충전 #${id}을 수락했습니다.`, { type: 'info', undoable: true, autoHideDuration: UNDO_MS }),
    onError: (error) => notify((error as Error).message || '오류가 발생했습니다.', { type: 'error' }),
  });
  return (record: RaRecord) => update('charges', { id: record.id, data: { status: 'SUCCESS' }, previousData: record });
}

/** Whether a row no longer belongs to the list's status tab (a charge accepted a moment ago, still undoable). */
export function useLeftTab() {
  const { filterValues } = useListContext();
  const status = (filterValues as { status?: string }).status;
  return (record: RaRecord) => Boolean(status) && record.status !== status;
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
