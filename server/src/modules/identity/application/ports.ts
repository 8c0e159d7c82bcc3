import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApprovalKind, ApprovalView } from '../../../contracts/approvals.js';
import type { OperatorRole } from '../../../contracts/operators.js';
import type { MemberLevelView } from '../../../contracts/index.js';

/**
 * What identity reads from or asks of modules that sit above it (they reach identity through delivery's
 * member contacts, or approvals' member names), bound in app.module's PortsModule with `useExisting`.
 * Everything else identity uses it imports (audit, settings, content) or announces as events.
 */
/** An operator acting on a member (audited). */
export interface AuditActor {
  id: number;
  loginId: string;
}

export abstract class PointBalanceReader {
  abstract balanceOf(memberId: number): Promise<bigint>;
  abstract balancesOf(memberIds: number[]): Promise<Map<number, bigint>>;
}

export interface PointReference {
  type: string;
  id: string | number;
}

/** Operator corrections (and demo points) as ADJUST ledger entries. */
export abstract class PointAdjuster {
  /** Positive credits, negative debits (never below zero), in the caller's transaction, once per reference. */
  abstract adjust(
    em: EntityManager,
    memberId: number,
    amount: bigint,
    reference: PointReference,
    memo: string,
  ): Promise<unknown>;
  /** The ledger entry an adjustment wrote. */
  abstract adjustmentEntry(reference: PointReference): Promise<unknown>;
}

/**
 * Two-person approval (approvals context): a manual money command runs now, or waits for a second operator when
 * it would take the operator's or the member's unapproved moves of the day past the threshold.
 */
export abstract class ApprovalGate {
  abstract runOrHold<T>(
    command: {
      kind: ApprovalKind;
      targetId: number;
      memberId: number;
      amount: bigint;
      payload: Record<string, string | number>;
      reason: string;
    },
    requester: { id: number; loginId: string; role: OperatorRole },
    run: () => Promise<T>,
  ): Promise<{ held: ApprovalView } | { ran: T }>;
}

/** The member's level (회원 등급) for the profile (pricing context). */
export abstract class MemberLevelReader {
  abstract levelOf(memberId: number): Promise<MemberLevelView<bigint>>;
}

/** A mail or SMS identity sends: a verification code, a reset link, a login warning. */
export interface IdentityMessage {
  channel: 'EMAIL' | 'SMS';
  /** What caused it (the 발송 내역's event): `identity.email-code`, `identity.password-reset` … */
  event: string;
  to: string;
  memberId?: number | null;
  subject?: string;
  text: string;
  /** Codes and tokens in the text: sealed until sent, masked ([비공개]) wherever the message is kept or shown. */
  secrets?: readonly string[];
  /** Sent at once by the request (`sendNow`) and tried once: a newer code or link replaces a lost one. */
  urgent?: boolean;
}

/**
 * Mail and SMS through the outbound delivery engine (delivery context, which imports identity): written
 * in the transaction of the change that causes them, so a change that rolled back sends nothing.
 */
export abstract class Messenger {
  /** Writes the message in `tx`; answers its id. */
  abstract write(tx: EntityManager, message: IdentityMessage): Promise<number>;
  /** Sends an urgent message now: false when it failed (true when sent, or kept for want of a transport). */
  abstract sendNow(id: number): Promise<boolean>;
}
