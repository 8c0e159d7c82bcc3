import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import { Agent, request, type Dispatcher } from 'undici';
import { AppConfig } from '../../../config/index.js';
import { isIP } from 'node:net';
import {
  assertPublicLiteral,
  isPublicAddress,
  PRIVATE_ADDRESS_CODE,
  publicOnlyDispatcher,
} from '../../../shared/index.js';
import { WEBHOOK_MESSAGES, WEBHOOK_PORTS } from '../../../contracts/index.js';

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

const WEBHOOK_TIMEOUT_MS = 5_000;
const GATEWAY_TIMEOUT_MS = 10_000;
/** A receiver's answer is read up to this much; the rest is dropped unread. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** What the outbox keeps of a gateway's answer. */
const KEPT_ANSWER = 2_000;
/** What the delivery log keeps of a receiver's answer (beside its status): an excerpt, not its page. */
export const WEBHOOK_EXCERPT = 200;

const errorText = (error: unknown): string =>
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

/** Mail over SMTP_URL (nodemailer); unset: stored only. */
@Injectable()
export class MailChannel {
  private smtp?: Transporter;
  constructor(private readonly config: AppConfig) {}

  async send(to: string, subject: string, text: string): Promise<Attempt> {
    const { SMTP_URL, MAIL_FROM } = this.config.env;
    if (!SMTP_URL) return { ok: true, stored: true, status: null, answer: null };
    this.smtp ??= createTransport({
      url: SMTP_URL,
      connectionTimeout: GATEWAY_TIMEOUT_MS,
      greetingTimeout: GATEWAY_TIMEOUT_MS,
      socketTimeout: GATEWAY_TIMEOUT_MS,
    });
    try {
      const info = await this.smtp.sendMail({ from: MAIL_FROM, to, subject, text });
      return { ok: true, status: null, answer: String(info.response ?? '').slice(0, KEPT_ANSWER) };
    } catch (error) {
      return { ok: false, status: null, answer: (error as Error).message.slice(0, 500), retryable: true };
    }
  }
}

/** SMS over the gateway (SMS_URL: JSON {to, from, text}, X-API-Key); unset: stored only. */
@Injectable()
export class SmsChannel {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.config.env.SMS_URL;
  }

  async send(to: string, text: string): Promise<Attempt> {
    const { SMS_URL, SMS_API_KEY, SMS_SENDER } = this.config.env;
    if (!SMS_URL) return { ok: true, stored: true, status: null, answer: null };
    try {
      const answer = await request(SMS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(SMS_API_KEY ? { 'x-api-key': SMS_API_KEY } : {}) },
        body: JSON.stringify({ to, from: SMS_SENDER ?? '', text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const body = (await readUpTo(answer.body)).slice(0, KEPT_ANSWER);
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      return {
        ok,
        status: answer.statusCode,
        answer: body,
        retryable: answer.statusCode >= 500 || answer.statusCode === 429,
      };
    } catch (error) {
      return { ok: false, status: null, answer: errorText(error), retryable: true };
    }
  }
}

/** Telegram Bot API sendMessage (TELEGRAM_API_URL/bot<token>/sendMessage); retry_after honoured. */
@Injectable()
export class TelegramChannel {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!(this.config.env.TELEGRAM_BOT_TOKEN && this.config.env.TELEGRAM_CHAT_ID);
  }

  async send(text: string): Promise<Attempt> {
    const { TELEGRAM_API_URL, TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID } = this.config.env;
    if (!this.configured) return { ok: true, stored: true, status: null, answer: null };
    const url = `${TELEGRAM_API_URL.replace(/\/+$/, '')}/bot${TELEGRAM_BOT_TOKEN}/sendMessage`;
    try {
      const answer = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: TELEGRAM_CHAT_ID, text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const body = await readUpTo(answer.body);
      const parsed = (() => {
        try {
          return JSON.parse(body) as { ok?: boolean; description?: string; parameters?: { retry_after?: number } };
        } catch {
          return null;
        }
      })();
      const ok = answer.statusCode === 200 && parsed?.ok === true;
      const retryAfter = parsed?.parameters?.retry_after;
      return {
        ok,
        status: answer.statusCode,
        answer: ok ? 'ok' : (parsed?.description ?? body).slice(0, 500),
        retryable: !ok,
        ...(retryAfter !== undefined ? { retryAfterMs: Math.max(retryAfter * 1000, 1000) } : {}),
      };
    } catch (error) {
      // The URL holds the token: say only what went wrong.
      return { ok: false, status: null, answer: `Telegram unreachable (${(error as Error).name})`, retryable: true };
    }
  }
}

/** SOLAPI's HMAC-SHA256 Authorization header: hex HMAC(apiSecret, date + salt). */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string, salt: string): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

export interface AlimtalkMessage {
  to: string;
  templateId: string;
  variables: Record<string, string>;
}

/**
 * KakaoTalk 알림톡 through SOLAPI's REST API (POST SOLAPI_API_URL/messages/v4/send-many/detail, type ATA),
 * its SDK hard-coding the base URL. SMS fallback is ours (the gateway), so SOLAPI's own is disabled.
 */
@Injectable()
export class AlimtalkChannel {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    const { SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_PFID, SOLAPI_SENDER } = this.config.env;
    return !!(SOLAPI_API_KEY && SOLAPI_API_SECRET && SOLAPI_PFID && SOLAPI_SENDER);
  }

  async send(message: AlimtalkMessage): Promise<Attempt> {
    const { SOLAPI_API_URL, SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_PFID, SOLAPI_SENDER } = this.config.env;
    if (!this.configured) return { ok: false, status: null, answer: 'SOLAPI not configured', retryable: false };
    const date = new Date().toISOString();
    const salt = randomBytes(16).toString('hex');
    try {
      const answer = await request(`${SOLAPI_API_URL.replace(/\/+$/, '')}/messages/v4/send-many/detail`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: solapiAuthorization(SOLAPI_API_KEY!, SOLAPI_API_SECRET!, date, salt),
        },
        body: JSON.stringify({
          messages: [
            {
              to: message.to,
              from: SOLAPI_SENDER,
              type: 'ATA',
              kakaoOptions: {
                pfId: SOLAPI_PFID,
                templateId: message.templateId,
                variables: message.variables,
                disableSms: true,
              },
            },
          ],
        }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const text = await readUpTo(answer.body);
      let parsed: {
        failedMessageList?: { statusMessage?: string }[];
        errorCode?: string;
        errorMessage?: string;
      } | null = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const failed = parsed?.failedMessageList ?? [];
      const ok = answer.statusCode === 200 && failed.length === 0;
      return {
        ok,
        status: answer.statusCode,
        answer: ok
          ? text.slice(0, KEPT_ANSWER)
          : (parsed?.errorCode
              ? `${parsed.errorCode}: ${parsed.errorMessage ?? ''}`
              : (failed[0]?.statusMessage ?? text)
            ).slice(0, 500),
        retryable: answer.statusCode >= 500 || answer.statusCode === 429,
      };
    } catch (error) {
      return { ok: false, status: null, answer: errorText(error), retryable: true };
    }
  }
}
