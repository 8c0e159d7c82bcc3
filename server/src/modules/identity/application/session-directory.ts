import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import { ShortCache } from '../../../shared/index.js';
import {
  SessionReader,
  type AccessTokenPayload,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { Member, sessionStands, type MemberStatus, type SessionFacts } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';

/** How long a process trusts what it read about a member's session (another replica's suspension shows within this). */
const SESSION_CACHE_MS = 2_000;

/** Identity's side of the auth port: whether the member or operator a token names still stands. */
@Injectable()
export class SessionDirectory extends SessionReader implements EventSubscriber<Member> {
  // Every member request passes here: the three facts as a plain row, kept briefly, no entity to hydrate.
  private readonly members = new ShortCache<number, SessionFacts | null>(SESSION_CACHE_MS, async (id) => {
    const [row] = await this.em
      .getConnection()
      .execute<{ login_id: string | null; status: MemberStatus; session_version: number }[]>(
        'select login_id, status, session_version from member where id = ?',
        [id],
      );
    return row ? { loginId: row.login_id, status: row.status, sessionVersion: row.session_version } : null;
  });

  constructor(private readonly em: EntityManager) {
    super();
    // A suspension, withdrawal or password change made through this process ends the session at once.
    em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities() {
    return [Member];
  }

  afterUpdate({ entity }: EventArgs<Member>): void {
    this.members.forget(entity.id);
  }

  async member(payload: AccessTokenPayload): Promise<AuthenticatedMember | null> {
    const facts = await this.members.get(payload.sub);
    // Unknown, suspended, withdrawn, or the password changed since the token was issued.
    if (!facts || !sessionStands(facts, payload.ver)) return null;
    return { id: payload.sub, loginId: facts.loginId!, sessionId: payload.sid ?? 0 };
  }

  async operator(payload: AccessTokenPayload): Promise<AuthenticatedOperator | null> {
    const operator = await this.em.fork().findOne(Operator, payload.sub);
    if (!operator) return null;
    return { id: operator.id, loginId: operator.loginId, sessionId: payload.sid ?? 0 };
  }
}
