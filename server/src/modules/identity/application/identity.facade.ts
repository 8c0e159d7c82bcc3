import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EventSubscriber } from '@mikro-orm/core';
import { Clock, executePrepared, ShortCache } from '../../../shared/index.js';
import { apiKeyHash } from '../domain/api-key.js';
import { Member, MemberStatus } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { PointAdjuster } from './ports.js';

/**
 * How long a process trusts what it read about an API key (as it trusts a member's session): a key renewed
 * or a member suspended through another replica stops working there within this; through this one, at once.
 */
const API_KEY_CACHE_MS = 2_000;

/** What other contexts need from identity (the reseller API, consoles, accounts opened by the shop). */
@Injectable()
export class IdentityFacade implements EventSubscriber<Member> {
  // Every reseller call asks this (a tool polls several times a second): one plain statement, kept briefly,
  // renewing all keys in use together.
  private readonly apiKeys = ShortCache.batched<string, number | null>(API_KEY_CACHE_MS, async (hashes) => {
    const rows = await executePrepared<{ id: number; api_key_hash: string }>(
      this.em,
      'select id, api_key_hash from member where api_key_hash = any(?::text[]) and status = ?',
      [`{${hashes.join(',')}}`, MemberStatus.ACTIVE],
    );
    const ids = new Map(rows.map((row) => [row.api_key_hash, row.id]));
    return hashes.map((hash) => ids.get(hash) ?? null);
  });

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly points: PointAdjuster,
  ) {
    // A key renewed, a suspension or a withdrawal through this process shows at once.
    em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities() {
    return [Member];
  }

  afterUpdate(): void {
    this.apiKeys.forget();
  }

  afterDelete(): void {
    this.apiKeys.forget();
  }

  /** The active member whose reseller API key this is (looked up by its SHA-256), or null. */
  async memberIdForApiKey(key: string): Promise<number | null> {
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) return null;
    return this.apiKeys.get(apiKeyHash(key));
  }

  /** Login ids for member ids (consoles show them next to orders and charges); null once withdrawn. */
  async loginIdsOf(memberIds: number[]): Promise<Map<number, string | null>> {
    const members = memberIds.length
      ? await this.em.fork().find(Member, { id: { $in: memberIds } }, { fields: ['id', 'loginId'] })
      : [];
    return new Map(members.map((m) => [m.id, m.loginId]));
  }

  /** Where a member is mailed (support answers), with their login id; null once withdrawn or without a mail address. */
  async contactOf(memberId: number): Promise<{ loginId: string | null; email: string | null } | null> {
    const member = await this.em.fork().findOne(Member, { id: memberId }, { fields: ['id', 'loginId', 'email'] });
    return member ? { loginId: member.loginId, email: member.email } : null;
  }

  /** Whether an operator with this id exists and is not disabled (a ticket's assignee must be one). */
  async isActiveOperator(operatorId: number): Promise<boolean> {
    return (await this.em.fork().count(Operator, { id: operatorId, disabledAt: null })) > 0;
  }

  /** Read-only, for the operator dashboard: members who signed up per calendar day (in `timeZone`) since `since`. */
  async signupsPerDay(since: Date, timeZone: string): Promise<{ day: string; count: number }[]> {
    return this.em
      .fork()
      .execute<{ day: string; count: number }[]>(
        `select to_char(created_at at time zone ?, 'YYYY-MM-DD') as day, count(*)::int as count from member where created_at >= ? group by 1`,
        [timeZone, since],
      );
  }

  /**
   * An account the shop opens itself (no sign-up checks or consents), with an opening balance credited as an
   * adjustment referenced `{ type: opening.source, id: member id }`, in one transaction; the member's id.
   */
  async openAccount(
    input: { loginId: string; password: string; email: string | null },
    opening?: { points: bigint; source: string; memo: string },
  ): Promise<number> {
    const member = new Member({
      loginId: input.loginId,
      passwordHash: await this.hasher.hash(input.password),
      email: input.email,
      phone: null,
      registerWhere: null,
      now: this.clock.now(),
    });
    await this.em.fork().transactional(async (tx) => {
      tx.persist(member);
      await tx.flush();
      if (opening)
        await this.points.adjust(tx, member.id, opening.points, { type: opening.source, id: member.id }, opening.memo);
    });
    return member.id;
  }

  /** Referral: in the caller's transaction, the member who referred `memberId` unless they have withdrawn; else null. */
  async activeReferrerOf(tx: EntityManager, memberId: number): Promise<number | null> {
    const member = await tx.findOne(Member, memberId, { populate: ['referredBy'] });
    const referrer = member?.referredBy;
    return referrer && referrer.status !== MemberStatus.DELETED ? referrer.id : null;
  }

  /** Referral: the member's own code and how many members (withdrawn ones aside) joined with it. */
  async referralCodeOf(memberId: number): Promise<{ code: string | null; joined: number }> {
    const em = this.em.fork();
    const [member, joined] = await Promise.all([
      em.findOne(Member, memberId, { fields: ['id', 'referralCode'] }),
      em.count(Member, { referredBy: memberId, status: { $ne: MemberStatus.DELETED } }),
    ]);
    return { code: member?.referralCode ?? null, joined };
  }

  /** Referral figures for the console: how many members each of `memberIds` referred (withdrawn ones too). */
  async referredCounts(memberIds: number[]): Promise<Map<number, number>> {
    const rows = memberIds.length
      ? await this.em
          .fork()
          .execute<{ id: number; n: string }[]>(
            'select referred_by_id as id, count(*) as n from member where referred_by_id in (?) group by 1',
            [memberIds],
          )
      : [];
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** Referral figures for the dashboard: members who joined with someone's code. */
  async referredMemberCount(): Promise<number> {
    const [row] = await this.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from member where referred_by_id is not null');
    return Number(row!.n);
  }
}
