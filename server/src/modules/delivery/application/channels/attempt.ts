import type { Dispatcher } from 'undici';
import { PRIVATE_ADDRESS_CODE } from '../../../../shared/index.js';
import { WEBHOOK_MESSAGES } from '../../../../contracts/index.js';

/** How one attempt went: `ok`, or whether trying again can help (a 4xx of a gateway will not) and when. */
export interface Attempt {
  ok: boolean;
  /** No transport configured for the channel: kept in the outbox only. */
  stored?: boolean;
  status: number | null;
  answer: string | null;
  retryable?: boolean;
  retryAfterMs?: number;
}

export const WEBHOOK_TIMEOUT_MS = 5_000;
export const GATEWAY_TIMEOUT_MS = 10_000;
/** A receiver's answer is read up to this much; the rest is dropped unread. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** What the outbox keeps of a gateway's answer. */
export const KEPT_ANSWER = 2_000;
/** A failed request as the delivery log words it. */
export const errorText = (error: unknown): string =>
  (error as { code?: string }).code === PRIVATE_ADDRESS_CODE
    ? WEBHOOK_MESSAGES.privateAddress
    : (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError'
      ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
      : `unreachable (${(error as { code?: string }).code ?? (error as Error).name})`;

/** Reads at most `limit` bytes of a body and abandons the rest. */
export async function readUpTo(body: Dispatcher.ResponseData['body'], limit = MAX_ANSWER_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = limit - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}
