import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { IdentityFacade } from '../../identity/index.js';
import { SettingsService } from '../../settings/index.js';
import { LedgerKind, WalletFacade } from '../../wallet/index.js';
import { Clock, findPage, idOf, reclaimShare, type ListQuery, type Page } from '../../../shared/index.js';
import type { ReferralSummary } from '../../../contracts/toss.js';
import { ReferralReward } from '../domain/referral-reward.entity.js';

export const DEFAULT_RATE = 3;

/** A charge as the reward sees it. */
export interface RewardedCharge {
  id: number;
  memberId: number;
  point: bigint;
}

/**
 * Referral rewards (ENABLE_REFERRAL): REFERRAL_RATE percent of each accepted charge of a referred
 * member goes to the referrer, once per charge (ledger REFERRAL, reference = the charge), and a
 * refund takes its share back once (never below zero).
 */
@Injectable()
export class ReferralFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly wallet: WalletFacade,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly identity: IdentityFacade,
  ) {}

  async rate(): Promise<number> {
    const raw = String(await this.settings.get('REFERRAL_RATE'));
    return /^\d{1,3}$/.test(raw) && Number(raw) <= 100 ? Number(raw) : DEFAULT_RATE;
  }

  /** In the accepting transaction: rewards the referrer of the charge's member, at most once per charge. */
  async rewardIn(tx: EntityManager, charge: RewardedCharge): Promise<void> {
    if ((await this.settings.get('ENABLE_REFERRAL')) !== true) return;
    const referrerId = await this.identity.activeReferrerOf(tx, charge.memberId);
    if (referrerId === null) return;
    const rate = await this.rate();
    const amount = ReferralReward.rewardFor(charge.point, rate);
    if (amount <= 0n) return;
    if (await tx.count(ReferralReward, { chargeId: charge.id })) return;
    const credit = await this.wallet.credit(tx, {
      memberId: referrerId,
      amount,
      kind: LedgerKind.REFERRAL,
      reference: { type: 'charge', id: charge.id },
      memo: `추천 적립 ${rate}% (충전 #${charge.id})`,
    });
    if (!credit.applied) return;
    const reward = Object.assign(new ReferralReward(), {
      chargeId: charge.id,
      referrerId,
      referredId: charge.memberId,
      rate,
      amount,
      createdAt: this.clock.now(),
    });
    tx.persist(reward);
    await tx.flush();
  }

  /**
   * In the refunding transaction: takes back the charge's reward in proportion to everything refunded
   * of it so far (`refundedTotal`, this refund included), less what was taken before; once per refund
   * (`refundRef` unique), never below zero; the part already spent is recorded as unrecovered.
   */
  async reclaimIn(tx: EntityManager, charge: RewardedCharge, refundedTotal: bigint, refundRef: string): Promise<void> {
    const reward = await tx.findOne(ReferralReward, { chargeId: charge.id });
    if (!reward) return;
    await reclaimShare(reward, refundedTotal, charge.point, (share) =>
      this.wallet.debitUpTo(tx, {
        memberId: reward.referrerId,
        amount: share,
        kind: LedgerKind.REFERRAL,
        reference: { type: 'charge-refund', id: refundRef },
        memo: `추천 적립 회수 (충전 #${charge.id} 환불)`,
      }),
    );
    await tx.flush();
  }

  /** The account page: the member's code, how many joined with it, points earned (net of take-backs). */
  async summary(memberId: number): Promise<ReferralSummary> {
    const [{ code, joined }, rows, rate] = await Promise.all([
      this.identity.referralCodeOf(memberId),
      this.em
        .fork()
        .execute<{ earned: string | null }[]>(
          'select sum(amount - reclaimed) as earned from referral_reward where referrer_id = ?',
          [memberId],
        ),
      this.rate(),
    ]);
    return { code, joined, earned: Number(rows[0]?.earned ?? 0), rate };
  }

  /** The console: each member's referral figures. */
  async perMember(
    memberIds: number[],
  ): Promise<Map<number, { joined: number; rewards: number; earned: bigint; unrecovered: bigint }>> {
    const result = new Map(memberIds.map((id) => [id, { joined: 0, rewards: 0, earned: 0n, unrecovered: 0n }]));
    if (memberIds.length === 0) return result;
    const em = this.em.fork();
    const joined = await this.identity.referredCounts(memberIds);
    const rewards = await em.execute<{ id: number; n: string; earned: string; unrecovered: string }[]>(
      'select referrer_id as id, count(*) as n, sum(amount - reclaimed) as earned, sum(unrecovered) as unrecovered from referral_reward where referrer_id in (?) group by 1',
      [memberIds],
    );
    for (const [id, n] of joined) result.get(id)!.joined = n;
    for (const r of rewards)
      Object.assign(result.get(r.id)!, {
        rewards: Number(r.n),
        earned: BigInt(r.earned),
        unrecovered: BigInt(r.unrecovered),
      });
    return result;
  }

  /** The dashboard: rewards given, points net of take-backs, and what could not be taken back. */
  async totals(): Promise<{
    referredMembers: number;
    rewards: number;
    rewardedPoints: bigint;
    unrecoveredPoints: bigint;
  }> {
    const referredMembers = await this.identity.referredMemberCount();
    const [rewards] = await this.em
      .fork()
      .execute<{ n: string; earned: string | null; unrecovered: string | null }[]>(
        'select count(*) as n, sum(amount - reclaimed) as earned, sum(unrecovered) as unrecovered from referral_reward',
      );
    return {
      referredMembers,
      rewards: Number(rewards!.n),
      rewardedPoints: BigInt(rewards!.earned ?? 0),
      unrecoveredPoints: BigInt(rewards!.unrecovered ?? 0),
    };
  }

  page(query: ListQuery): Promise<Page<ReferralReward>> {
    return findPage(this.em.fork(), ReferralReward, 'referrals', query, {
      sortable: ['id', 'createdAt', 'amount', 'referrerId', 'referredId', 'chargeId'],
      filters: {
        referrerId: idOf('referrerId'),
        referredId: idOf('referredId'),
        chargeId: idOf('chargeId'),
      },
    });
  }
}
