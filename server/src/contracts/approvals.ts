/**
 * Two-person approval: manual point adjustments and refunds that ran without a second operator add up per
 * operator and per member over a rolling 24 hours; the one that takes either past the APPROVAL_THRESHOLD
 * setting waits for a second operator. Plain TypeScript.
 */
import type { Permission } from './operators.js';

/** APPROVAL_THRESHOLD when no operator set it: amounts above 100,000 won need a second operator. */
export const DEFAULT_APPROVAL_THRESHOLD = 100_000n;

export const APPROVAL_KINDS = ['points.adjust', 'charge.refund'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_KIND_LABELS = {
  'points.adjust': '포인트 조정',
  'charge.refund': '충전 환불',
} as const satisfies Record<ApprovalKind, string>;

/** What the approver must hold: the permission of the command itself. */
export const APPROVAL_KIND_PERMISSIONS = {
  'points.adjust': 'points.adjust',
  'charge.refund': 'refunds',
} as const satisfies Record<ApprovalKind, Permission>;

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS = {
  PENDING: '승인 대기',
  APPROVED: '승인됨',
  REJECTED: '거절됨',
} as const satisfies Record<ApprovalStatus, string>;

export const APPROVAL_MOVES = {
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: [],
  REJECTED: [],
} as const satisfies Record<ApprovalStatus, readonly ApprovalStatus[]>;

export const APPROVAL_MESSAGES = {
  ownRequest: '본인이 요청한 건은 승인하거나 거절할 수 없습니다. 다른 운영자의 승인이 필요합니다.',
  notFound: '승인 요청을 찾을 수 없습니다.',
} as const;

/** One row of the console's `approvals` resource, and the answer (202) to a command held for approval. */
export interface ApprovalView {
  id: number;
  kind: ApprovalKind;
  targetId: number;
  /** Won (the size of the adjustment or refund; an adjustment's sign is in its result). */
  amount: number;
  reason: string;
  status: ApprovalStatus;
  requestedById: number;
  requestedByLoginId: string;
  decidedById: number | null;
  decidedByLoginId: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** What the command answered once approved (the ledger entry, the charge). */
  result: unknown;
  /** In the list: the adjusted member's login id (null for a refund, or once withdrawn). */
  memberLoginId?: string | null;
}

/**
 * What an approval runs once approved, sent on the server's command bus: one handler per kind, registered
 * by the module that owns the work (identity adjusts points, billing refunds a charge).
 */
export interface ApprovedCommand {
  readonly key: string;
  readonly kind: ApprovalKind;
  readonly payload: Record<string, string | number>;
  readonly approver: { id: number; loginId: string };
  /** Makes the run idempotent where the work allows it (the adjustment's ledger reference). */
  readonly approvalId: number;
}

export const approvedCommandKey = (kind: ApprovalKind): string => `approved.${kind}`;
