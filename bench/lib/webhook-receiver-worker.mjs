// The bench's reseller endpoint on a thread of its own (its own event loop, as a reseller's server would be):
// verifies every delivery with the `standardwebhooks` package (test/support/webhook-receiver.ts) and reports
// each to the bench thread; answers the commands secret / down / up / close.
import { parentPort } from 'node:worker_threads';
import { startWebhookReceiver } from '../../test/support/webhook-receiver.ts';

const receiver = await startWebhookReceiver();
let pending = [];
let first = true;
const flush = () => {
  if (pending.length) parentPort.postMessage({ received: pending });
  pending = [];
};
const timer = setInterval(flush, 50);
const push = receiver.received.push.bind(receiver.received);
// Each delivery as it arrives: its webhook-id and what verified (the first one in full, for the report).
receiver.received.push = (r) => {
  pending.push({
    id: r.headers['webhook-id'],
    verified: r.verified,
    ...(first && r.verified ? { headers: r.headers, body: r.body } : {}),
  });
  if (r.verified) first = false;
  return push(r) && 0;
};
parentPort.on('message', async ({ command, value }) => {
  if (command === 'secret') receiver.secret = value;
  if (command === 'down') await receiver.down();
  if (command === 'up') await receiver.up();
  if (command === 'close') {
    flush();
    clearInterval(timer);
    await receiver.close().catch(() => undefined);
  }
  // Older arrivals are the bench's now: keep the thread's memory flat.
  receiver.received.length = 0;
  parentPort.postMessage({ done: command });
});
parentPort.postMessage({ url: receiver.url });
