import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SettingsService } from '../../settings/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import {
  allowedFeeTypes,
  paymentFeeEnabled,
  type ChargeHistoryItem,
  type ChargeInstructions,
  type ChargeRequest,
} from '../../../contracts/charge.js';
import { Charge } from '../domain/charge.entity.js';

/** At most this many requests may wait for their deposit per member. */
export const MAX_OPEN_CHARGES = 5;

/** Advisory-lock namespace of "one member's charge requests" (any int4, fixed for the product). */
const MEMBER_CHARGE_LOCK = 0x43484731;

/** The member's side of charging: asking to top up, and the history of the last three months. */
@Injectable()
export class ChargeRequests {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly alerts: AlertsFacade,
  ) {}

  /**
   * Records a PENDING charge and answers what the deposit-instruction panel shows. The fee type must
   * be one the site offers now (ENABLE_PAYMENT_TYPE); the shop's account must be configured.
   */
  async request(memberId: number, request: ChargeRequest): Promise<ChargeInstructions> {
    await this.settings.assertOpen();
    const settings = new Map((await this.settings.list()).map((s) => [s.key, String(s.value)]));
    if (!allowedFeeTypes(settings.get('ENABLE_PAYMENT_TYPE') ?? 'ALL').includes(request.feeType)) {
      throw new DomainError('CHARGE_FEE_TYPE_NOT_ALLOWED');
    }
    const bank = {
      bankName: settings.get('BANKING_NAME') ?? '',
      accountNumber: settings.get('BANKING_ACCOUNT_NUMBER') ?? '',
      displayText: settings.get('BANKING_DISPLAY_TEXT') ?? '',
      bankCode: settings.get('BANKING_BANKING_CODE') ?? '',
    };
    if (!bank.bankName || !bank.accountNumber) throw new DomainError('CHARGE_ACCOUNT_NOT_CONFIGURED');

    const charge = await this.em.fork().transactional(async (tx) => {
      // Serialises one member's requests so two at once cannot both pass the open-request limit.
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_CHARGE_LOCK, memberId]);
      const now = this.clock.now();
      const open = await tx.count(Charge, {
        memberId,
        method: 'BANK_TRANSFER',
        status: 'PENDING',
        expiresAt: { $gt: now },
      });
      if (open >= MAX_OPEN_CHARGES) throw new DomainError('CHARGE_TOO_MANY_OPEN');
      const created = Charge.request(memberId, request, now, paymentFeeEnabled(settings.get('ENABLE_PAYMENT_FEE')));
      tx.persist(created);
      return created;
    });
    await this.alerts.raise(
      'CHARGE_REQUEST',
      `새 충전 요청 #${charge.id}: 회원 #${memberId}, 입금자명 ${charge.depositorName}, 입금액 ${charge.depositAmount.toLocaleString('ko-KR')}원`,
      `charge:${charge.id}`,
    );
    return {
      chargeId: charge.id,
      status: charge.status,
      name: charge.depositorName,
      feeType: charge.feeType,
      point: Number(charge.point),
      fee: Number(charge.depositAmount - charge.point),
      depositAmount: Number(charge.depositAmount),
      ...bank,
      createdAt: charge.createdAt.toISOString(),
      deadline: charge.expiresAt.toISOString(),
    };
  }

  /** docs/product.md §2: the charge history shows only the last 3 months, newest first. */
  async history(memberId: number): Promise<ChargeHistoryItem[]> {
    const since = this.clock.now();
    since.setUTCMonth(since.getUTCMonth() - 3);
    const charges = await this.em
      .fork()
      .find(Charge, { memberId, createdAt: { $gte: since } }, { orderBy: { createdAt: 'DESC', id: 'DESC' } });
    return charges.map((c) => ({
      id: c.id,
      createdAt: c.createdAt.toISOString(),
      point: Number(c.point),
      status: c.status,
      responseAt: c.responseAt?.toISOString() ?? null,
    }));
  }
}
