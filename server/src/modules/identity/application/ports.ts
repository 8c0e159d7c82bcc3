import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApprovalKind, ApprovalView } from '../../../contracts/approvals.js';
import type { OperatorRole } from '../../../contracts/operators.js';
import type { MemberLevelView } from '../../../contracts/index.js';

/**
 * What identity needs from other contexts, as ports bound at the composition root (app.module's
 * PortsModule), so identity never imports the wallet, settings, content or audit (which all use
 * identity's guards: importing them back would be a cycle).
 */
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

/** The sign-up route list (content context). */
export abstract class RegisterWhereOptions {
  abstract isRegisterWhereOption(text: string): Promise<boolean>;
}

export type IdentitySwitch =
  'ENABLE_EMAIL_VERIFY' | 'ENABLE_PHONE_NUMBER' | 'ENABLE_REFERRAL' | 'ENABLE_SNS_NAVER' | 'ENABLE_SNS_KAKAO';

/** The site settings identity reads (settings context). */
export abstract class IdentitySettings {
  abstract isOn(key: IdentitySwitch): Promise<boolean>;
  abstract text(key: 'NAVER_STATE' | 'SITE_NAME'): Promise<string>;
}

export interface AuditActor {
  id: number;
  loginId: string;
}

/** Operator actions on members go to the audit log in the action's transaction (audit context). */
export abstract class AuditRecorder {
  abstract record(
    em: EntityManager,
    actor: AuditActor,
    entry: { action: string; resource: string; resourceId: string | number; before?: unknown; after?: unknown },
  ): void;
}

/**
 * What a member's deletion does to their money in the other contexts (charges, orders, balance), in the
 * withdrawal's own transaction so the member is never deleted with money still moving (composition root).
 */
export abstract class MemberMoneyCloser {
  abstract close(tx: EntityManager, memberId: number): Promise<void>;
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

/**
 * Operator alerts (alerts context, which imports delivery and so identity): identity raises one when an
 * operator's code step locks (Telegram and OPERATOR_EMAIL). Once per dedupe key; never throws.
 */
export abstract class SecurityAlerts {
  abstract raise(text: string, dedupeKey: string): Promise<void>;
}
