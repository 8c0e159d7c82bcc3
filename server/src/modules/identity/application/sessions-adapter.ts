import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import { ShortCache } from '../../../shared/index.js';
import {
  SessionsPort,
  type AccessTokenPayload,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { Member, sessionStands, type MemberStatus, type SessionFacts } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';
import { Sessions } from './sessions.js';

/** How long a process trusts what it read about a member's session (another replica's suspension shows within this). */
const SESSION_CACHE_MS = 2_000;

/** Identity's side of the auth port: whether the member or operator a token names still stands. */
@Injectable()
export class SessionsAdapter extends SessionsPort implements EventSubscriber<Member> {
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

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: Sessions,
  ) {
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

  /** The member's current session version, or null when the member may not log in (refresh asks). */
  async memberVersion(memberId: number): Promise<number | null> {
    this.members.forget(memberId);
    const facts = await this.members.get(memberId);
    return facts && sessionStands(facts, facts.sessionVersion) ? facts.sessionVersion : null;
  }

  async member(payload: AccessTokenPayload): Promise<AuthenticatedMember | null> {
    const [facts, open] = await Promise.all([
      this.members.get(payload.sub),
      this.sessions.stands(payload.sid, 'member', payload.sub),
    ]);
    // Unknown, suspended, withdrawn, the password changed since the token was issued, or the session revoked.
    if (!open || !facts || !sessionStands(facts, payload.ver)) return null;
    return { id: payload.sub, loginId: facts.loginId!, sessionId: payload.sid! };
  }

  async operator(payload: AccessTokenPayload): Promise<AuthenticatedOperator | null> {
    if (!(await this.sessions.stands(payload.sid, 'operator', payload.sub))) return null;
    const operator = await this.em.fork().findOne(Operator, payload.sub);
    if (!operator || operator.disabledAt) return null;
    return { id: operator.id, loginId: operator.loginId, role: operator.role, sessionId: payload.sid! };
  }
}
