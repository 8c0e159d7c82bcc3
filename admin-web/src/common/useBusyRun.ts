import { useState } from 'react';
import { useNotify } from 'react-admin';

/** Runs one command at a time: `busy` while it runs, and a refusal shown as the server's message. */
export function useBusyRun() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
