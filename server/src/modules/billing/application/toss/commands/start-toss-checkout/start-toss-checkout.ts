import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SettingsService } from '../../../../../settings/index.js';
import { Clock, DomainError, inputRefusal } from '../../../../../../shared/index.js';
import {
  allowedFeeTypes,
  cashReceiptSchema,
  CHARGE_MESSAGES,
  paymentFeeEnabled,
  taxInvoiceSchema,
  type CashReceipt,
  type FeeType,
  type TaxInvoice,
} from '../../../../../../contracts/charge.js';
import { tossOrderId, tossReceiptFor, type TossCheckout, type TossMethod } from '../../../../../../contracts/toss.js';
import { Charge } from '../../../../domain/charge.entity.js';
import { MAX_OPEN_CHARGES } from '../../../charge-requests.js';
import { TossClient } from '../../toss-client.js';
import { GetTossEnabled } from '../../queries/get-toss-enabled/get-toss-enabled.js';

/** Toss's customerKey for payments made without a saved customer (SDK v2 `ANONYMOUS`). */
const ANONYMOUS = '@@ANONYMOUS';
/** Advisory-lock namespace of "one member's Toss checkouts". */
const MEMBER_TOSS_LOCK = 0x544f5353;

export interface TossCheckoutRequest {
  point: number;
  method: TossMethod;
  feeType?: FeeType | '' | null;
  feeValue?: unknown;
}

/** A PENDING Toss charge and what the storefront hands `requestPayment`. */
@Injectable()
export class StartTossCheckout {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly toss: TossClient,
    private readonly tossEnabled: GetTossEnabled,
  ) {}

  async execute(memberId: number, body: TossCheckoutRequest): Promise<TossCheckout> {
    await this.tossEnabled.assert();
    // A payment already made at Toss is still confirmed; no new one starts in maintenance.
    await this.settings.assertOpen();
    const feeType: FeeType = body.feeType || 'NONE';
    const settings = await this.settings.list();
    const paymentType = String(settings.find((s) => s.key === 'ENABLE_PAYMENT_TYPE')?.value ?? 'ALL');
    const feeEnabled = paymentFeeEnabled(settings.find((s) => s.key === 'ENABLE_PAYMENT_FEE')?.value);
    if (!allowedFeeTypes(paymentType).includes(feeType)) throw new DomainError('CHARGE_FEE_TYPE_NOT_ALLOWED');
    const receipt = tossReceiptFor(feeType, body.method);
    if (!receipt.ok) throw inputRefusal(receipt.message);
    let feeValue: TaxInvoice | CashReceipt | null = null;
    if (feeType !== 'NONE') {
      const parsed = (feeType === 'FEE' ? taxInvoiceSchema : cashReceiptSchema).safeParse(body.feeValue ?? {});
      if (!parsed.success) throw inputRefusal(parsed.error.issues[0]?.message ?? CHARGE_MESSAGES.feeTypeInvalid);
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
      if (open >= MAX_OPEN_CHARGES) throw new DomainError('TOSS_TOO_MANY_OPEN');
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
}
