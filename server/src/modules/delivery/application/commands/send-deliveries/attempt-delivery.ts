import { Injectable } from '@nestjs/common';
import { WEBHOOK_MESSAGES } from '../../../../../contracts/index.js';
import type { Delivery } from '../../../domain/delivery.entity.js';
import type { WebhookEndpoint } from '../../../domain/webhook-endpoint.entity.js';
import { digestHeading, digestText } from '../../../domain/digest.js';
import {
  AlimtalkChannel,
  MailChannel,
  SmsChannel,
  TelegramChannel,
  WebhookChannel,
  type Attempt,
} from '../../channels.js';
import { MessageSeal } from '../../message-seal.js';

/** One attempt of a message (or a digest of messages) by its channel, the sealed text opened. */
@Injectable()
export class AttemptDelivery {
  constructor(
    private readonly webhook: WebhookChannel,
    private readonly mail: MailChannel,
    private readonly sms: SmsChannel,
    private readonly telegram: TelegramChannel,
    private readonly alimtalk: AlimtalkChannel,
    private readonly seal: MessageSeal,
  ) {}

  /** The message of a row (or a digest of rows): its subject and text, the sealed text opened; null when it does not open. */
  private contentOf(rows: Delivery[]): { subject: string; text: string } | null {
    const first = rows[0]!.payload;
    if (first.digest === true)
      return {
        subject: rows.length === 1 ? String(first.subject ?? '') : digestHeading(rows.length),
        text: digestText(rows.map((r) => String(r.payload.text ?? ''))),
      };
    const text = this.seal.textOf(first);
    return text === null ? null : { subject: String(first.subject ?? ''), text };
  }

  attempt(rows: Delivery[], endpoint: WebhookEndpoint | undefined): Promise<Attempt> {
    const row = rows[0]!;
    const p = row.payload;
    if (row.channel === 'WEBHOOK') {
      if (!endpoint)
        return Promise.resolve({ ok: false, status: null, answer: '웹훅 URL이 삭제되었습니다.', retryable: false });
      const secret = this.seal.openWebhookSecret(endpoint.secretSealed);
      if (secret === null)
        return Promise.resolve({
          ok: false,
          status: null,
          answer: WEBHOOK_MESSAGES.secretUnreadable,
          retryable: false,
        });
      // Signed at the wall clock: receivers compare webhook-timestamp with theirs (±5 min).
      return this.webhook.send(endpoint.url, secret, row.messageId, JSON.stringify(p), new Date());
    }
    if (row.channel === 'ALIMTALK')
      return this.alimtalk.send({
        to: row.recipient,
        templateId: String(p.templateId ?? ''),
        variables: (p.variables ?? {}) as Record<string, string>,
      });
    const content = this.contentOf(rows);
    if (!content)
      return Promise.resolve({ ok: false, status: null, answer: '봉인된 내용을 열 수 없습니다.', retryable: false });
    switch (row.channel) {
      case 'EMAIL':
        return this.mail.send(row.recipient, content.subject, content.text);
      case 'SMS':
        return this.sms.send(row.recipient, content.text);
      case 'TELEGRAM':
        return this.telegram.send(content.text);
    }
  }
}
