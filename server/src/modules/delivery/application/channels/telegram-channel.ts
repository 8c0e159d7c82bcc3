import { Injectable } from '@nestjs/common';
import { request } from 'undici';
import { AppConfig } from '../../../../config/index.js';
import { GATEWAY_TIMEOUT_MS, readUpTo, type Attempt } from './attempt.js';

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
