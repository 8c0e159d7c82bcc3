import type { EntityManager } from '@mikro-orm/postgresql';
import type { Command, DomainEvent } from '../../../shared/index.js';

/**
 * A member withdrew: in the withdrawal's transaction `tx`, billing closes their waiting charges and
 * ordering cancels their open orders and auto-orders with the refunds (all or nothing).
 */
export class MemberDeleted implements DomainEvent {
  static readonly key = 'identity.member-deleted';
  readonly key = MemberDeleted.key;
  constructor(
    readonly tx: EntityManager,
    readonly memberId: number,
  ) {}
}

/**
 * After MemberDeleted's handlers (their refunds land first), the wallet forfeits or keeps the deleted
 * member's balance as MEMBER_DELETION_BALANCE says. Declared here because the wallet sits above identity.
 */
export class CloseDeletedMemberBalance implements Command {
  static readonly key = 'wallet.close-deleted-member-balance';
  readonly key = CloseDeletedMemberBalance.key;
  constructor(
    readonly tx: EntityManager,
    readonly memberId: number,
  ) {}
}

/** An operator's code step locked: the alerts module raises a LOGIN_SECURITY alert (once per key). */
export class OperatorSecondFactorLocked implements DomainEvent {
  static readonly key = 'identity.operator-second-factor-locked';
  readonly key = OperatorSecondFactorLocked.key;
  constructor(
    readonly text: string,
    readonly dedupeKey: string,
  ) {}
}
