// The loopback provider (test/support/fake-provider.ts) on a thread of its own, as a remote provider is: its answers
// do not wait behind the bench's own load generator, which shares this process's event loop. Its counts reach the
// bench through shared memory, so they are read without a round trip (the bench polls them in tight loops).
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

if (!isMainThread) {
  const { FakeProvider } = await import('../../test/support/fake-provider.ts');
  const fake = await FakeProvider.start();
  const counts = new Int32Array(workerData.counts);
  // The add requests, counted every few milliseconds from where the last count stopped.
  let seen = 0;
  let adds = 0;
  const refresh = setInterval(() => {
    for (; seen < fake.requests.length; seen++) if (fake.requests[seen].action === 'add') adds++;
    Atomics.store(counts, 0, adds);
  }, 5);
  parentPort.postMessage({ url: fake.url, key: fake.key });
  parentPort.on('message', async (command) => {
    if (command === 'duplicates') parentPort.postMessage({ duplicates: fake.duplicateLinks().length });
    if (command !== 'close') return;
    clearInterval(refresh);
    await fake.close();
    parentPort.postMessage({ closed: true });
  });
}

/** Starts the provider thread: its url and key (for seedFakeProviderCatalogue), its counts, and close. */
export async function startProviderThread() {
  const shared = new SharedArrayBuffer(4);
  const counts = new Int32Array(shared);
  const worker = new Worker(new URL(import.meta.url), { workerData: { counts: shared } });
  const { url, key } = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url,
    key,
    /** The provider's add requests so far (within 5 ms). */
    adds: () => Atomics.load(counts, 0),
    /** How many links were placed more than once. */
    duplicateLinks: async () => {
      const answer = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('duplicates');
      return (await answer).duplicates;
    },
    close: async () => {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
