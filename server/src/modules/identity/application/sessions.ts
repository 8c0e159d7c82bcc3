import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import { ShortCache } from '../../../shared/index.js';
import type { OperatorRole } from '../../../contracts/operators.js';
import { Member, type MemberStatus, type SessionFacts } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';

/** How long a process trusts what it read about a member's session (another replica's suspension shows within this). */
const SESSION_CACHE_MS = 2_000;

/** What the JWT strategies read about a token's subject on every request. */
@Injectable()
export class Sessions implements EventSubscriber<Member> {
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
    // A suspension, withdrawal or password change made through this process ends the session at once.
    em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities() {
    return [Member];
  }

  afterUpdate({ entity }: EventArgs<Member>): void {
    this.members.forget(entity.id);
  }

  member(id: number): Promise<SessionFacts | null> {
    return this.members.get(id);
  }

  /** An enabled operator's login and role (read on every request, so a role change or a disable takes effect at once). */
  async operator(id: number): Promise<{ id: number; loginId: string; role: OperatorRole } | null> {
    const operator = await this.em.fork().findOne(Operator, id);
    return operator && !operator.disabledAt
      ? { id: operator.id, loginId: operator.loginId, role: operator.role }
      : null;
  }
}
