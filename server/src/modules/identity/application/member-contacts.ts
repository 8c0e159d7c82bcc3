import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '../domain/member.entity.js';

/** Where a member is told things (the delivery engine's customer notices). Depends on nothing, so the wallet's notices may use it. */
@Injectable()
export class MemberContacts {
  /** In the caller's transaction; null once withdrawn. */
  async contactOf(tx: EntityManager, memberId: number): Promise<{ email: string | null; phone: string | null } | null> {
    return (await this.contactsOf(tx, [memberId])).get(memberId) ?? null;
  }

  /** Of many members at once, in the caller's transaction; a withdrawn member is absent. */
  async contactsOf(
    tx: EntityManager,
    memberIds: number[],
  ): Promise<Map<number, { email: string | null; phone: string | null }>> {
    if (memberIds.length === 0) return new Map();
    const members = await tx.find(
      Member,
      { id: { $in: [...new Set(memberIds)] }, deletedAt: null },
      { fields: ['id', 'email', 'phone'] },
    );
    return new Map(members.map((m) => [m.id, { email: m.email, phone: m.phone }]));
  }
}
