import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';

const TIMEOUT_MS = 10_000;

/** A failed sendMessage; `retryAfterSeconds` when Telegram asked to wait (HTTP 429, parameters.retry_after). */
export class TelegramError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

interface BotAnswer {
  ok: boolean;
  result?: { message_id: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Telegram Bot API sendMessage over plain HTTP (TELEGRAM_API_URL/bot<token>/sendMessage). */
@Injectable()
export class Telegram {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!(this.config.env.TELEGRAM_BOT_TOKEN && this.config.env.TELEGRAM_CHAT_ID);
  }

  async send(text: string): Promise<number> {
    const { TELEGRAM_API_URL, TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID } = this.config.env;
    const url = `${TELEGRAM_API_URL.replace(/\/+$/, '')}/bot${TELEGRAM_BOT_TOKEN}/sendMessage`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: TELEGRAM_CHAT_ID, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The URL holds the token: say only what went wrong.
      throw new TelegramError(`Telegram unreachable (${(error as Error).name})`, null);
    }
    const answer = (await response.json().catch(() => null)) as BotAnswer | null;
    if (response.ok && answer?.ok && answer.result) return answer.result.message_id;
    const code = answer?.error_code ?? response.status;
    throw new TelegramError(
      `Telegram answered ${code}: ${(answer?.description ?? response.statusText).slice(0, 200)}`,
      answer?.parameters?.retry_after ?? null,
    );
  }
}
