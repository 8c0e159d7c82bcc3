import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '../domain/member.entity.js';

/** Where a member is told things (the delivery engine's customer notices). Depends on nothing, so the wallet's notices may use it. */
@Injectable()
export class MemberContacts {
  /** In the caller's transaction; null once withdrawn. */
  async contactOf(tx: EntityManager, memberId: number): Promise<{ email: string | null; phone: string | null } | null> {
    const member = await tx.findOne(Member, { id: memberId, deletedAt: null }, { fields: ['id', 'email', 'phone'] });
    return member ? { email: member.email, phone: member.phone } : null;
  }
}
