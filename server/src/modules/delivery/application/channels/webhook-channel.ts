import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { AppConfig } from '../../../../config/index.js';
import { assertPublicLiteral, isPublicAddress, publicOnlyDispatcher } from '../../../../shared/index.js';
import { WEBHOOK_MESSAGES, WEBHOOK_PORTS } from '../../../../contracts/index.js';
import { errorText, readUpTo, WEBHOOK_TIMEOUT_MS, type Attempt } from './attempt.js';

/** What the delivery log keeps of a receiver's answer (beside its status): an excerpt, not its page. */
export const WEBHOOK_EXCERPT = 200;

/**
 * Whether a webhook URL names an allowed port: 80, 443, 8080 or 8443 (none: the scheme's own). Loopback and
 * private receivers (tests and benches, only with ALLOW_PRIVATE_PROVIDER_URLS, never set in production) may
 * use any port; a public host never may.
 */
export function webhookPortAllowed(url: string, allowPrivate: boolean): boolean {
  const parsed = new URL(url);
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  if ((WEBHOOK_PORTS as readonly number[]).includes(port)) return true;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return allowPrivate && isIP(host) !== 0 && !isPublicAddress(host);
}

/** A new Standard Webhooks signing secret. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * Reseller webhooks per the Standard Webhooks spec: JSON body, webhook-id / webhook-timestamp /
 * webhook-signature headers, 5 s timeout, no redirect followed, the answer read up to 64 KB and its first
 * 200 characters kept, internal addresses refused (ALLOW_PRIVATE_PROVIDER_URLS opens them, as for provider
 * URLs), ports other than 80/443/8080/8443 refused (webhookPortAllowed).
 */
@Injectable()
export class WebhookChannel {
  private readonly dispatcher = publicOnlyDispatcher(WEBHOOK_MESSAGES.privateAddress, {
    connections: 64,
    pipelining: 1,
  });
  /** Receivers on private addresses (ALLOW_PRIVATE_PROVIDER_URLS, tests and benches): the same kept-alive pool. */
  private readonly anyAddress = new Agent({ connections: 64, pipelining: 1 });

  constructor(private readonly config: AppConfig) {}

  get allowPrivate(): boolean {
    return this.config.env.ALLOW_PRIVATE_PROVIDER_URLS;
  }

  async send(url: string, secret: string, messageId: string, body: string, now: Date): Promise<Attempt> {
    // A URL saved before the port rule is refused here too (nothing sent).
    if (!webhookPortAllowed(url, this.allowPrivate))
      return { ok: false, status: null, answer: WEBHOOK_MESSAGES.port, retryable: false };
    const signature = new Webhook(secret).sign(messageId, now, body);
    try {
      if (!this.allowPrivate) assertPublicLiteral(url, WEBHOOK_MESSAGES.privateAddress);
      const answer = await request(url, {
        dispatcher: this.allowPrivate ? this.anyAddress : this.dispatcher,
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'smm-panel-webhooks/1',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      // Enough bytes for the excerpt's 200 characters (UTF-8: at most 4 each); the rest is dropped unread.
      const text = await readUpTo(answer.body, WEBHOOK_EXCERPT * 4);
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      const redirect = answer.statusCode >= 300 && answer.statusCode < 400;
      return {
        ok,
        status: answer.statusCode,
        answer:
          (redirect ? `redirect not followed: ${String(answer.headers.location ?? '').slice(0, 200)} ` : '') +
          text.slice(0, WEBHOOK_EXCERPT),
        retryable: !ok,
      };
    } catch (error) {
      return { ok: false, status: null, answer: errorText(error), retryable: true };
    }
  }
}
