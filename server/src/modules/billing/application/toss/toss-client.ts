import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../../config/index.js';

/** Toss's Payment object, the fields this shop reads (core API v1). */
export interface TossPayment {
  paymentKey: string;
  orderId: string;
  status:
    'READY' | 'IN_PROGRESS' | 'WAITING_FOR_DEPOSIT' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED';
  method: string | null;
  totalAmount: number;
  balanceAmount: number;
  /** Virtual accounts: the value Toss repeats in its deposit webhook. */
  secret?: string | null;
  virtualAccount?: { accountNumber: string; bankCode: string; customerName?: string | null; dueDate: string } | null;
  cashReceipt?: { type: string; receiptKey?: string } | null;
  cancels?: { cancelAmount: number; transactionKey: string; cancelReason: string }[] | null;
}

/** Toss answered with an error body {code, message}: a definite refusal. */
export class TossRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly tossMessage: string,
  ) {
    super(`${code}: ${tossMessage}`);
  }
}

/** No usable answer (timeout, network, 5xx, unreadable body): the payment's state is unknown. */
export class TossUnreachable extends Error {}

/**
 * Toss Payments' core API with the secret key as HTTP Basic (base64 of "secretKey:"). Every call
 * has a deadline (TOSS_TIMEOUT_MS): past it the caller treats the outcome as unknown.
 */
@Injectable()
export class TossClient {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.env.TOSS_CLIENT_KEY && this.config.env.TOSS_SECRET_KEY);
  }

  get clientKey(): string {
    return this.config.env.TOSS_CLIENT_KEY ?? '';
  }

  confirm(paymentKey: string, orderId: string, amount: number): Promise<TossPayment> {
    return this.call('POST', '/v1/payments/confirm', { paymentKey, orderId, amount });
  }

  get(paymentKey: string): Promise<TossPayment> {
    return this.call('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`);
  }

  /** Full cancel when cancelAmount is omitted; the idempotency key makes a retried cancel happen once at Toss. */
  cancel(
    paymentKey: string,
    cancelReason: string,
    cancelAmount: number | undefined,
    idempotencyKey: string,
  ): Promise<TossPayment> {
    return this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
      { cancelReason, ...(cancelAmount === undefined ? {} : { cancelAmount }) },
      idempotencyKey,
    );
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    idempotencyKey?: string,
  ): Promise<TossPayment> {
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${this.config.env.TOSS_SECRET_KEY ?? ''}:`).toString('base64')}`,
    };
    if (body) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(new URL(path, this.config.env.TOSS_API_URL), {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.config.env.TOSS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TossUnreachable(`Toss ${method} ${path}: ${error instanceof Error ? error.name : 'error'}`);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new TossUnreachable(`Toss ${method} ${path}: HTTP ${response.status} without JSON`);
    }
    if (response.status >= 500) throw new TossUnreachable(`Toss ${method} ${path}: HTTP ${response.status}`);
    const answer = parsed as Partial<TossPayment> & { code?: string; message?: string };
    if (!response.ok)
      throw new TossRefusal(response.status, String(answer.code ?? 'UNKNOWN'), String(answer.message ?? ''));
    if (
      typeof answer.paymentKey !== 'string' ||
      typeof answer.status !== 'string' ||
      typeof answer.totalAmount !== 'number'
    ) {
      throw new TossUnreachable(`Toss ${method} ${path}: not a Payment object`);
    }
    return answer as TossPayment;
  }
}
