import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../../config/index.js';
import { callJson, PartnerRefusal, PartnerUnreachable, type PartnerDocument } from './partner-errors.js';

/** Toss's CashReceipt object, the fields this shop reads. */
interface TossCashReceipt {
  receiptKey: string;
  issueNumber?: string | null;
  issueStatus?: string;
  transactionType?: string;
  receiptUrl?: string | null;
  amount?: number;
}

/**
 * Toss Payments' cash-receipt API (core API v1, not the older `/v1/payments/cash-receipts` sample):
 * `POST /v1/cash-receipts` issues, `POST /v1/cash-receipts/{receiptKey}/cancel` cancels all or `amount` of it.
 * The secret key is HTTP Basic ("secretKey:"); every POST carries an Idempotency-Key made of the charge's id,
 * so a retry after a lost answer gets the first answer back instead of a second receipt.
 */
@Injectable()
export class TossCashReceipts {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.env.TOSS_SECRET_KEY);
  }

  async issue(input: {
    orderId: string;
    orderName: string;
    amount: bigint;
    identity: string;
    idempotencyKey: string;
  }): Promise<PartnerDocument> {
    const receipt = await this.post(
      '/v1/cash-receipts',
      {
        amount: Number(input.amount),
        orderId: input.orderId,
        orderName: input.orderName.slice(0, 100),
        customerIdentityNumber: input.identity,
        // A phone (or card) number: income deduction; a business number: expense evidence.
        type: input.identity.length === 10 ? '지출증빙' : '소득공제',
      },
      input.idempotencyKey,
    );
    return documentOf(receipt);
  }

  async cancel(receiptKey: string, amount: bigint | null, idempotencyKey: string): Promise<PartnerDocument> {
    const receipt = await this.post(
      `/v1/cash-receipts/${encodeURIComponent(receiptKey)}/cancel`,
      amount === null ? {} : { amount: Number(amount) },
      idempotencyKey,
    );
    return documentOf(receipt);
  }

  private async post(path: string, body: object, idempotencyKey: string): Promise<TossCashReceipt> {
    const { status, json } = await callJson(
      `Toss POST ${path}`,
      new URL(path, this.config.env.TOSS_API_URL),
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.config.env.TOSS_SECRET_KEY ?? ''}:`).toString('base64')}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(body),
      },
      this.config.env.TOSS_TIMEOUT_MS,
    );
    if (status >= 400) throw new PartnerRefusal('Toss', String(json.code ?? status), String(json.message ?? ''));
    // The cancel answers the receipt, or a list of its transactions (the cancel last).
    const answer = (Array.isArray(json) ? json.at(-1) : json) as Partial<TossCashReceipt> | undefined;
    if (!answer || typeof answer.receiptKey !== 'string')
      throw new PartnerUnreachable(`Toss POST ${path}: not a CashReceipt`);
    return answer as TossCashReceipt;
  }
}

const documentOf = (receipt: TossCashReceipt): PartnerDocument => ({
  partnerKey: receipt.receiptKey,
  approvalNumber: receipt.issueNumber ?? null,
  receiptUrl: receipt.receiptUrl ?? null,
  amount: typeof receipt.amount === 'number' ? BigInt(receipt.amount) : null,
});
