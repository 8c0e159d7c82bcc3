import { Injectable, Logger } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuditActor } from '../../../audit/index.js';
import { AuditFacade } from '../../../audit/index.js';
import { AlertsFacade } from '../../../alerts/index.js';
import { ChargeBonusFacade } from '../../../charge-bonus/index.js';
import { ReceiptsFacade } from '../../../receipts/index.js';
import { PricingFacade } from '../../../pricing/index.js';
import { ReferralFacade } from '../../../referral/index.js';
import { SettingsService } from '../../../settings/index.js';
import { InsufficientPointsError, LedgerKind, WalletFacade } from '../../../wallet/index.js';
import { Clock, DomainError, NotFoundError } from '../../../../shared/index.js';
import {
  allowedFeeTypes,
  cashReceiptSchema,
  CHARGE_MESSAGES,
  paymentFeeEnabled,
  taxInvoiceSchema,
  type CashReceipt,
  type FeeType,
  type TaxInvoice,
} from '../../../../contracts/charge.js';
import {
  chargeIdOfOrder,
  TOSS_MESSAGES,
  TOSS_PAID_WHILE_CLOSED,
  tossOrderId,
  tossReceiptFor,
  type TossCheckout,
  type TossConfirmResult,
  type TossMethod,
} from '../../../../contracts/toss.js';
import { Charge } from '../../domain/charge.entity.js';
import { MAX_OPEN_CHARGES } from '../charge-requests.js';
import { ChargeSettlement } from '../charge-settlement.js';
import { snapshot } from '../settler.js';
import { TossClient, TossRefusal, TossUnreachable, type TossPayment } from './toss-client.js';

/** Toss's customerKey for payments made without a saved customer (SDK v2 `ANONYMOUS`). */
const ANONYMOUS = '@@ANONYMOUS';
/** How soon the re-check job asks again about a payment whose state is not final. */
const RECHECK_MS = 60_000;
/** Advisory-lock namespace of "one member's Toss checkouts". */
const MEMBER_TOSS_LOCK = 0x544f5353;
const FINAL_FAILURES = new Set(['CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED']);

export interface TossWebhook {
  eventType?: string;
  secret?: string;
  status?: string;
  orderId?: string;
  transactionKey?: string;
  data?: { paymentKey?: string; orderId?: string };
}

/**
 * Paying charges through Toss Payments. The server never trusts the browser: the amount must be the
 * charge's, the credit happens only when Toss (confirm, or a fresh GET) says DONE, under the
 * charge's row lock, and the ledger's (CHARGE, charge) key makes it once whatever runs at the same
 * time (confirm, webhook, re-check job, replicas).
 */
@Injectable()
export class TossPayments {
  private readonly logger = new Logger('TossPayments');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly toss: TossClient,
    private readonly settlement: ChargeSettlement,
    private readonly wallet: WalletFacade,
    private readonly referral: ReferralFacade,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
    private readonly receipts: ReceiptsFacade,
    private readonly pricing: PricingFacade,
    private readonly bonuses: ChargeBonusFacade,
  ) {}

  /** ENABLE_TOSS_PAYMENT on and both keys set. */
  async enabled(): Promise<boolean> {
    return this.toss.configured && (await this.settings.get('ENABLE_TOSS_PAYMENT')) === true;
  }

  private async requireEnabled(): Promise<void> {
    if (!(await this.enabled())) throw new DomainError(TOSS_MESSAGES.disabled, 403);
  }

  /** A PENDING Toss charge and what the storefront hands `requestPayment`. */
  async checkout(
    memberId: number,
    body: { point: number; method: TossMethod; feeType?: FeeType | '' | null; feeValue?: unknown },
  ): Promise<TossCheckout> {
    await this.requireEnabled();
    // A payment already made at Toss is still confirmed; no new one starts in maintenance.
    await this.settings.assertOpen();
    const feeType: FeeType = body.feeType || 'NONE';
    const settings = await this.settings.list();
    const paymentType = String(settings.find((s) => s.key === 'ENABLE_PAYMENT_TYPE')?.value ?? 'ALL');
    const feeEnabled = paymentFeeEnabled(settings.find((s) => s.key === 'ENABLE_PAYMENT_FEE')?.value);
    if (!allowedFeeTypes(paymentType).includes(feeType)) throw new DomainError(CHARGE_MESSAGES.feeTypeNotAllowed, 400);
    const receipt = tossReceiptFor(feeType, body.method);
    if (!receipt.ok) throw new DomainError(receipt.message, 400);
    let feeValue: TaxInvoice | CashReceipt | null = null;
    if (feeType !== 'NONE') {
      const parsed = (feeType === 'FEE' ? taxInvoiceSchema : cashReceiptSchema).safeParse(body.feeValue ?? {});
      if (!parsed.success)
        throw new DomainError(parsed.error.issues[0]?.message ?? CHARGE_MESSAGES.feeTypeInvalid, 400);
      feeValue = parsed.data as TaxInvoice | CashReceipt;
    }
    const charge = await this.em.fork().transactional(async (tx) => {
      // One member's checkouts in turn, so abandoned windows cannot pile up past the limit.
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_TOSS_LOCK, memberId]);
      const now = this.clock.now();
      const open = await tx.count(Charge, {
        memberId,
        method: 'TOSS',
        status: 'PENDING',
        tossPaymentKey: null,
        expiresAt: { $gt: now },
      });
      if (open >= MAX_OPEN_CHARGES) throw new DomainError(TOSS_MESSAGES.tooManyOpen, 409);
      const created = Charge.requestToss(memberId, BigInt(body.point), feeType, feeValue, body.method, now, feeEnabled);
      tx.persist(created);
      return created;
    });
    return {
      chargeId: charge.id,
      clientKey: this.toss.clientKey,
      customerKey: ANONYMOUS,
      method: body.method,
      orderId: tossOrderId(charge.id),
      orderName: `포인트 ${charge.point.toLocaleString('ko-KR')}원 충전`,
      amount: Number(charge.depositAmount),
      point: Number(charge.point),
      cashReceipt: receipt.cashReceipt,
    };
  }

  private async ownCharge(memberId: number, orderId: string): Promise<Charge> {
    const id = chargeIdOfOrder(orderId);
    const charge = id === null ? null : await this.em.fork().findOne(Charge, id);
    if (!charge || charge.memberId !== memberId || charge.method !== 'TOSS')
      throw new NotFoundError(TOSS_MESSAGES.chargeUnknown);
    return charge;
  }

  /**
   * The success page's confirm. Refused (nothing changes) unless the amount is the charge's; the
   * payment key is recorded before asking Toss, so a lost answer is still re-checked by the job.
   */
  async confirm(
    memberId: number,
    input: { paymentKey: string; orderId: string; amount: number },
  ): Promise<TossConfirmResult> {
    await this.requireEnabled();
    const found = await this.ownCharge(memberId, input.orderId);
    if (BigInt(input.amount) !== found.depositAmount) throw new DomainError(TOSS_MESSAGES.amountMismatch, 400);
    if (found.status !== 'PENDING') {
      if (found.tossPaymentKey === input.paymentKey) return this.result(found);
      throw new DomainError(TOSS_MESSAGES.closed, 409);
    }
    await this.em.fork().transactional(async (tx) => {
      const charge = await tx.findOneOrFail(Charge, found.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      charge.attachPayment(input.paymentKey, this.clock.now());
    });
    let payment: TossPayment;
    try {
      payment = await this.toss.confirm(input.paymentKey, input.orderId, Number(found.depositAmount));
    } catch (error) {
      if (error instanceof TossRefusal && error.code === 'ALREADY_PROCESSED_PAYMENT') {
        // Another confirm (a second tab, a retry) got there first: read where the payment stands.
        const read = await this.read(input.paymentKey);
        if (!read) return this.result(await this.reload(found.id));
        payment = read;
      } else if (error instanceof TossRefusal) {
        await this.noteFailure(found.id, `${error.code}: ${error.tossMessage}`);
        throw new DomainError(error.tossMessage || TOSS_MESSAGES.failed, 400);
      } else if (error instanceof TossUnreachable) {
        this.logger.warn(`confirm of charge ${found.id} unanswered (${error.message}); the re-check job takes over`);
        return this.result(await this.reload(found.id));
      } else throw error;
    }
    return this.result(await this.apply(found.id, payment, 'toss:confirm'));
  }

  /** The fail page: the member left the window (or it failed) before any payment existed. */
  async fail(
    memberId: number,
    input: { orderId: string; code?: string; message?: string },
  ): Promise<TossConfirmResult> {
    const found = await this.ownCharge(memberId, input.orderId);
    const charge = await this.em.fork().transactional(async (tx) => {
      const charge = await tx.findOneOrFail(Charge, found.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (charge.status === 'PENDING' && !charge.tossPaymentKey)
        charge.failPayment(
          this.clock.now(),
          'toss:window',
          `${input.code ?? 'FAIL'}: ${input.message ?? ''}`.slice(0, 500),
        );
      return charge;
    });
    const result = this.result(charge);
    return {
      ...result,
      message:
        input.code === 'PAY_PROCESS_CANCELED' ? TOSS_MESSAGES.canceledByUser : input.message || TOSS_MESSAGES.failed,
    };
  }

  /**
   * Toss's webhook. A DEPOSIT_CALLBACK must repeat the payment's secret; every event is then
   * verified by reading the payment from Toss, and that answer (not the webhook's body) is applied,
   * so repeats and out-of-order deliveries settle the same way.
   */
  async webhook(body: TossWebhook): Promise<{ ok: true; status: string }> {
    const orderId = body.orderId ?? body.data?.orderId ?? '';
    const id = chargeIdOfOrder(orderId);
    const charge = id === null ? null : await this.em.fork().findOne(Charge, id);
    if (!charge || charge.method !== 'TOSS' || !charge.tossPaymentKey)
      throw new DomainError(TOSS_MESSAGES.webhookRefused, 404);
    if (body.eventType === 'PAYMENT_STATUS_CHANGED') {
      if (body.data?.paymentKey !== charge.tossPaymentKey) throw new DomainError(TOSS_MESSAGES.webhookRefused, 403);
    } else if (!charge.tossSecret || !sameSecret(body.secret, charge.tossSecret)) {
      throw new DomainError(TOSS_MESSAGES.webhookRefused, 403);
    }
    const payment = await this.read(charge.tossPaymentKey);
    if (!payment) {
      // A change to a settled charge (a cancel made elsewhere) must not be lost: the re-check job asks too.
      if (charge.status !== 'PENDING') await this.checkLater(charge.id);
      throw new DomainError(TOSS_MESSAGES.tossUnavailable, 503);
    }
    const after = await this.apply(charge.id, payment, 'toss:webhook');
    return { ok: true, status: after.status };
  }

  /** The re-check job's step for one charge: asks Toss and applies the answer. */
  async recheck(chargeId: number): Promise<void> {
    const charge = await this.em.fork().findOne(Charge, chargeId);
    // A settled charge is re-checked only when asked to (a webhook that could not read Toss).
    if (!charge?.tossPaymentKey || (charge.status !== 'PENDING' && charge.nextCheckAt === null)) return;
    let payment: TossPayment;
    try {
      payment = await this.toss.get(charge.tossPaymentKey);
    } catch (error) {
      if (error instanceof TossRefusal && error.status === 404) {
        // Toss never had this payment (the window failed before it existed): it can never be paid.
        await this.em.fork().transactional(async (tx) => {
          const locked = await tx.findOneOrFail(Charge, chargeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (locked.status === 'PENDING')
            locked.failPayment(this.clock.now(), 'toss:recheck', `${error.code}: ${error.tossMessage}`);
        });
        return;
      }
      throw error;
    }
    await this.apply(chargeId, payment, 'toss:recheck');
  }

  /**
   * Applies Toss's word about the payment under the charge's row lock: DONE credits (once, and only
   * for the charge's amount), WAITING_FOR_DEPOSIT shows the virtual account, a final failure fails
   * the charge, anything else waits for the next check.
   */
  private async apply(chargeId: number, payment: TossPayment, by: string): Promise<Charge> {
    const alerts: { kind: 'PAYMENT_CANCELED' | 'PAYMENT_CLOSED_PAID'; text: string; key: string }[] = [];
    const charge = await this.em.fork().transactional(async (tx) => {
      const charge = await tx.findOneOrFail(Charge, chargeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const now = this.clock.now();
      if (payment.orderId !== tossOrderId(charge.id)) throw new DomainError(TOSS_MESSAGES.webhookRefused, 409);
      charge.attachPayment(payment.paymentKey, now);
      charge.tossStatus = payment.status;
      if (payment.secret) charge.tossSecret = payment.secret;
      if (charge.status === 'SUCCESS') {
        alerts.push(...(await this.takeBackCancels(tx, charge, payment)));
        charge.nextCheckAt = null;
        return charge;
      }
      if (charge.status === 'FAIL') {
        charge.nextCheckAt = null;
        // Closed (member deleted, expired) yet Toss took the money: the operator refunds it from the console.
        if (payment.status === 'DONE' && !charge.tossFailure?.startsWith(TOSS_PAID_WHILE_CLOSED)) {
          charge.tossFailure = `${TOSS_PAID_WHILE_CLOSED} 토스가 ${payment.totalAmount}원을 결제 완료했습니다. 콘솔에서 환불해 주세요.`;
          alerts.push({
            kind: 'PAYMENT_CLOSED_PAID',
            text: `마감된 충전 #${charge.id} (회원 #${charge.memberId}, ${charge.resolvedBy ?? ''})에 토스 결제 ${payment.totalAmount}원이 완료되었습니다. 포인트는 지급하지 않았습니다. 콘솔의 충전 환불로 결제를 취소해 주세요.`,
            key: `toss-closed-paid:${charge.id}`,
          });
        }
        return charge;
      }
      if (payment.status === 'DONE') {
        if (BigInt(payment.totalAmount) !== charge.depositAmount) {
          // Never credit what was not the charge's amount; the operator sees why it waits.
          charge.tossFailure = `amount ${payment.totalAmount} differs from ${charge.depositAmount}`;
          charge.nextCheckAt = null;
          return charge;
        }
        await this.settlement.acceptPaidIn(tx, charge, by);
      } else if (payment.status === 'WAITING_FOR_DEPOSIT' && payment.virtualAccount) {
        const va = payment.virtualAccount;
        charge.awaitDeposit(
          {
            bankCode: va.bankCode,
            accountNumber: va.accountNumber,
            customerName: va.customerName ?? null,
            dueDate: va.dueDate,
          },
          payment.secret ?? null,
          now,
        );
      } else if (FINAL_FAILURES.has(payment.status)) {
        charge.failPayment(now, by, `Toss ${payment.status}`);
      } else if (now >= charge.expiresAt && (payment.status === 'READY' || payment.status === 'IN_PROGRESS')) {
        charge.failPayment(now, by, `Toss ${payment.status} past the deadline`);
      } else {
        charge.nextCheckAt = new Date(now.getTime() + RECHECK_MS);
      }
      return charge;
    });
    for (const alert of alerts) await this.alerts.raise(alert.kind, alert.text, alert.key);
    return charge;
  }

  /**
   * Cancels of a credited payment that the shop did not make (Toss's dashboard, a chargeback, a partial
   * cancel): each, once by its transaction key, takes back the points it paid for (CHARGE_REFUND referencing
   * the transaction; what the balance cannot cover becomes the member's debt, which blocks ordering) and
   * the referrer's share and the top-up bonus's. Answers the operator alerts to raise, with the figures.
   */
  private async takeBackCancels(tx: EntityManager, charge: Charge, payment: TossPayment) {
    const settled = new Set(charge.tossSettledCancels ?? []);
    const alerts: { kind: 'PAYMENT_CANCELED'; text: string; key: string }[] = [];
    for (const cancel of payment.cancels ?? []) {
      const key = String(cancel.transactionKey).slice(0, 64);
      if (settled.has(key)) continue;
      settled.add(key);
      const left = charge.depositAmount - charge.refundedAmount;
      const amount = BigInt(cancel.cancelAmount) < left ? BigInt(cancel.cancelAmount) : left;
      const points = charge.pointsRefundedBy(amount);
      let taken = 0n;
      let unrecovered = 0n;
      if (points > 0n) {
        ({ taken, unrecovered } = await this.wallet.takeBack(tx, {
          memberId: charge.memberId,
          amount: points,
          kind: LedgerKind.CHARGE_REFUND,
          reference: { type: 'toss-cancel', id: key },
          memo: `충전 #${charge.id} 토스 결제 취소 (${cancel.cancelReason ?? ''})`.slice(0, 500),
        }));
        charge.recordRefund(points, amount);
        await this.referral.reclaimIn(tx, charge, charge.refundedPoint, key);
        await this.bonuses.reclaimIn(tx, charge, charge.refundedPoint, key);
        await this.receipts.chargeRefunded(tx, charge);
        // What the level counted went back to the card: the level follows the money.
        await this.pricing.chargeReversed(tx, charge.memberId, points);
      }
      alerts.push({
        kind: 'PAYMENT_CANCELED',
        text: `충전 #${charge.id} (회원 #${charge.memberId})의 토스 결제 ${cancel.cancelAmount}원이 상점 밖에서 취소되었습니다 (${payment.status}, ${cancel.cancelReason ?? ''}). 포인트 ${points} 회수: ${taken} 차감, ${unrecovered} 미회수${unrecovered > 0n ? ' (정산 전까지 주문 불가)' : ''}.`,
        key: `toss-cancel:${key}`,
      });
    }
    charge.tossSettledCancels = [...settled];
    return alerts;
  }

  /** Asks the re-check job to read the payment again soon. */
  private async checkLater(chargeId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const charge = await tx.findOneOrFail(Charge, chargeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      charge.nextCheckAt = this.clock.now();
    });
  }

  /** GET the payment; null when Toss cannot be asked right now (the job asks again). */
  private async read(paymentKey: string): Promise<TossPayment | null> {
    try {
      return await this.toss.get(paymentKey);
    } catch (error) {
      if (error instanceof TossUnreachable) return null;
      throw error;
    }
  }

  private async noteFailure(chargeId: number, reason: string): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const charge = await tx.findOneOrFail(Charge, chargeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      charge.tossFailure = reason.slice(0, 500);
      charge.nextCheckAt = this.clock.now();
    });
  }

  private reload(id: number): Promise<Charge> {
    return this.em.fork().findOneOrFail(Charge, id);
  }

  private result(charge: Charge): TossConfirmResult {
    const waiting = charge.status === 'PENDING' && charge.virtualAccount !== null;
    const status = charge.status === 'PENDING' ? (waiting ? 'WAITING_FOR_DEPOSIT' : 'PENDING') : charge.status;
    const message = {
      SUCCESS: TOSS_MESSAGES.paid,
      FAIL: TOSS_MESSAGES.failed,
      WAITING_FOR_DEPOSIT: TOSS_MESSAGES.waitingForDeposit,
      PENDING: TOSS_MESSAGES.pending,
    }[status];
    return {
      chargeId: charge.id,
      status,
      message,
      point: Number(charge.point),
      amount: Number(charge.depositAmount),
      virtualAccount: charge.virtualAccount,
    };
  }

  /**
   * A closed charge (deleted member, expired) whose payment Toss took anyway: the whole payment goes back
   * through Toss; no points were credited, so no ledger entry moves. Audited like every refund.
   */
  private async refundClosed(
    tx: EntityManager,
    charge: Charge,
    points: bigint,
    reason: string,
    operator: AuditActor,
  ): Promise<Charge> {
    const before = snapshot(charge);
    const payment = await this.cancelAtToss(charge.tossPaymentKey!, reason, undefined, `refund-closed-${charge.id}`);
    charge.tossStatus = payment.status;
    charge.refundedAmount = charge.depositAmount;
    charge.tossFailure = `${charge.tossFailure ?? ''} → 환불 완료 (${reason})`.slice(0, 500);
    charge.tossSettledCancels = (payment.cancels ?? []).map((c) => String(c.transactionKey).slice(0, 64));
    this.audit.record(tx, operator, {
      action: 'refund',
      resource: 'charges',
      resourceId: charge.id,
      before,
      after: snapshot(charge),
    });
    return charge;
  }

  /**
   * The refund's refusals, checked before one is held for approval (and again under the lock when it runs);
   * answers the member it refunds (whose unapproved refunds of the day add up).
   */
  async assertRefundable(chargeId: number, points: bigint): Promise<{ memberId: number }> {
    const charge = await this.em.fork().findOne(Charge, chargeId);
    if (!charge) throw new NotFoundError(TOSS_MESSAGES.chargeUnknown);
    refundKind(charge, points);
    return { memberId: charge.memberId };
  }

  /**
   * The operator's refund: takes `points` back from the member (only what they have not spent) and
   * cancels that part of the payment at Toss, in one transaction under the charge's lock: if Toss
   * refuses, the debit rolls back and Toss's reason is the answer. The referrer's reward share goes
   * back too.
   */
  async refund(chargeId: number, points: bigint, reason: string, operator: AuditActor): Promise<Charge> {
    return this.em.fork().transactional(async (tx) => {
      const charge = await tx.findOne(Charge, chargeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!charge) throw new NotFoundError(TOSS_MESSAGES.chargeUnknown);
      if (refundKind(charge, points) === 'closed') return this.refundClosed(tx, charge, points, reason, operator);
      const before = snapshot(charge);
      const full = points === charge.point && charge.refundedPoint === 0n;
      const amount = charge.refundAmountFor(points);
      const refundRef = `${charge.id}:${charge.refundedPoint}`;
      try {
        await this.wallet.debit(tx, {
          memberId: charge.memberId,
          amount: points,
          kind: LedgerKind.CHARGE_REFUND,
          reference: { type: 'charge-refund', id: refundRef },
          memo: `충전 #${charge.id} 환불 (${reason})`.slice(0, 500),
        });
      } catch (error) {
        if (error instanceof InsufficientPointsError) throw new DomainError(TOSS_MESSAGES.refundTooLarge, 400);
        throw error;
      }
      await this.referral.reclaimIn(tx, charge, charge.refundedPoint + points, refundRef);
      await this.bonuses.reclaimIn(tx, charge, charge.refundedPoint + points, refundRef);
      await this.pricing.chargeReversed(tx, charge.memberId, points);
      const payment = await this.cancelAtToss(
        charge.tossPaymentKey!,
        reason,
        full ? undefined : Number(amount),
        `refund-${refundRef}-${points}`,
      );
      charge.recordRefund(points, amount);
      // Its 세금계산서 follows (a 수정세금계산서 after commit), in the refund's transaction.
      await this.receipts.chargeRefunded(tx, charge);
      charge.tossStatus = payment.status;
      // This cancel is ours (Toss appends it last): a later webhook must not take it back again.
      const ours = payment.cancels?.at(-1)?.transactionKey;
      if (ours) charge.tossSettledCancels = [...(charge.tossSettledCancels ?? []), String(ours).slice(0, 64)];
      this.audit.record(tx, operator, {
        action: 'refund',
        resource: 'charges',
        resourceId: charge.id,
        before,
        after: snapshot(charge),
      });
      return charge;
    });
  }

  /** Cancels (part of) a payment at Toss; Toss's refusal or silence becomes the operator's answer. */
  private async cancelAtToss(
    paymentKey: string,
    reason: string,
    amount: number | undefined,
    idempotencyKey: string,
  ): Promise<TossPayment> {
    try {
      return await this.toss.cancel(paymentKey, reason, amount, idempotencyKey);
    } catch (error) {
      if (error instanceof TossRefusal)
        throw new DomainError(error.tossMessage || TOSS_MESSAGES.failed, error.status === 404 ? 404 : 409);
      if (error instanceof TossUnreachable) throw new DomainError(TOSS_MESSAGES.tossUnavailable, 502);
      throw error;
    }
  }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Which refund `points` asks for, or why none: a closed charge whose payment Toss took anyway is returned
 * whole (no points were credited); a settled Toss charge gives back at most what the member has not spent.
 */
function refundKind(charge: Charge, points: bigint): 'closed' | 'settled' {
  if (charge.status === 'FAIL' && charge.tossPaymentKey && charge.tossFailure?.startsWith(TOSS_PAID_WHILE_CLOSED)) {
    if (charge.refundedAmount >= charge.depositAmount) throw new DomainError(TOSS_MESSAGES.closed, 409);
    if (points !== charge.point) throw new DomainError(TOSS_MESSAGES.closedRefundWhole, 400);
    return 'closed';
  }
  if (charge.method !== 'TOSS' || !charge.tossPaymentKey || charge.status !== 'SUCCESS')
    throw new DomainError(TOSS_MESSAGES.refundNotToss, 409);
  if (points <= 0n || points > charge.refundablePoint) throw new DomainError(TOSS_MESSAGES.refundTooLarge, 400);
  return 'settled';
}
