import { Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../../../../config/index.js';
import { GATEWAY_TIMEOUT_MS, KEPT_ANSWER, type Attempt } from './attempt.js';

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
