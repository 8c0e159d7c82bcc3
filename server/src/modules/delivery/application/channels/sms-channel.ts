import { Injectable } from '@nestjs/common';
import { request } from 'undici';
import { AppConfig } from '../../../../config/index.js';
import { errorText, GATEWAY_TIMEOUT_MS, KEPT_ANSWER, readUpTo, type Attempt } from './attempt.js';

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
