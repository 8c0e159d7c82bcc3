import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { request } from 'undici';
import { AppConfig } from '../../../../config/index.js';
import { errorText, GATEWAY_TIMEOUT_MS, KEPT_ANSWER, readUpTo, type Attempt } from './attempt.js';

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
