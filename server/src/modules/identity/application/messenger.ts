import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../../../config/index.js';
import {
  Clock,
  filterOneOf,
  filterString,
  findPage,
  NotFoundError,
  searchIn,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { OutboxChannel, OutboxMessage, OutboxStatus } from '../domain/outbox-message.entity.js';

const TIMEOUT_MS = 10_000;

interface Delivery {
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
}

/** What the outbox keeps in place of a secret (a code, a reset link's token). */
export const SECRET_MASK = '[비공개]';

/** The text with every secret replaced by SECRET_MASK: what is stored, shown and logged of a message. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join(SECRET_MASK), text);
}

/** A recipient as a log line may name it: `a***@example.com`, `010****5678`. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  if (recipient.length >= 8) return `${recipient.slice(0, 3)}${'*'.repeat(recipient.length - 7)}${recipient.slice(-4)}`;
  return '***';
}

/**
 * Mail over SMTP (nodemailer, SMTP_URL) and SMS over an HTTP gateway (SMS_URL: a JSON POST
 * {to, from, text} with SMS_API_KEY in the X-API-Key header). Every message, delivered or not,
 * is recorded in the outbox; with no transport configured the outbox row and a log line are all.
 */
@Injectable()
export class Messenger {
  private readonly logger = new Logger('Outbox');
  private smtp?: Transporter;

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** `secrets` (codes, tokens) go out in the mail but are masked in the outbox and never logged. */
  email(to: string, subject: string, text: string, secrets: readonly string[] = []): Promise<OutboxMessage> {
    const { SMTP_URL, MAIL_FROM } = this.config.env;
    const send = SMTP_URL
      ? async () => {
          this.smtp ??= createTransport({
            url: SMTP_URL,
            connectionTimeout: TIMEOUT_MS,
            greetingTimeout: TIMEOUT_MS,
            socketTimeout: TIMEOUT_MS,
          });
          await this.smtp.sendMail({ from: MAIL_FROM, to, subject, text });
        }
      : null;
    return this.deliver(
      { channel: OutboxChannel.EMAIL, recipient: to, subject, body: maskSecrets(text, secrets) },
      send,
    );
  }

  sms(to: string, text: string, secrets: readonly string[] = []): Promise<OutboxMessage> {
    const { SMS_URL, SMS_API_KEY, SMS_SENDER } = this.config.env;
    const send = SMS_URL
      ? async () => {
          const response = await fetch(SMS_URL, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(SMS_API_KEY ? { 'x-api-key': SMS_API_KEY } : {}) },
            body: JSON.stringify({ to, from: SMS_SENDER ?? '', text }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
        }
      : null;
    return this.deliver(
      { channel: OutboxChannel.SMS, recipient: to, subject: null, body: maskSecrets(text, secrets) },
      send,
    );
  }

  private async deliver(message: Delivery, send: (() => Promise<void>) | null): Promise<OutboxMessage> {
    let status: OutboxStatus = OutboxStatus.STORED;
    let error: string | null = null;
    if (send) {
      try {
        await send();
        status = OutboxStatus.SENT;
      } catch (e) {
        status = OutboxStatus.FAILED;
        error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
        this.logger.warn(`${message.channel} to ${maskRecipient(message.recipient)} failed: ${error}`);
      }
    } else {
      // Neither the body nor the recipient in full: the outbox (masked) is where operators read it.
      this.logger.log(
        `${message.channel} held for ${maskRecipient(message.recipient)} (no transport configured; kept in the outbox)`,
      );
    }
    const row = new OutboxMessage({ ...message, status, error, createdAt: this.clock.now() });
    await this.em.fork().persist(row).flush();
    return row;
  }

  page(query: ListQuery): Promise<Page<OutboxMessage>> {
    return findPage(this.em.fork(), OutboxMessage, 'outbox', query, {
      sortable: ['id', 'createdAt', 'recipient', 'status', 'channel'],
      filters: {
        channel: (v) => ({ channel: filterOneOf(Object.values(OutboxChannel), v) }),
        status: (v) => ({ status: filterOneOf(Object.values(OutboxStatus), v) }),
        recipient: (v) => ({ recipient: filterString(v, 200) }),
        q: searchIn('recipient', 'subject'),
      },
    });
  }

  async one(id: number): Promise<OutboxMessage> {
    const row = await this.em.fork().findOne(OutboxMessage, id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
