/**
 * The operator team: who may do what in the console. One table, read by the server's
 * permission check on every /api/admin route and by the console to draw only what a role may use.
 * Plain TypeScript (the console's first screen reads it); operators.ts re-exports it with the forms.
 */

export const OPERATOR_ROLES = ['OWNER', 'MANAGER', 'SUPPORT', 'ACCOUNTANT'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS = {
  OWNER: '소유자',
  MANAGER: '매니저',
  SUPPORT: '상담원',
  ACCOUNTANT: '회계 담당',
} as const satisfies Record<OperatorRole, string>;

/** What an /api/admin route needs; every route declares one (the route × role test fails on any that does not). */
export const PERMISSIONS = [
  /** Logging in: no operator yet. */
  'public',
  /** The operator's own account (me, logout, second factor): every role. */
  'self',
  'dashboard',
  'catalog',
  'providers',
  'content',
  'orders.read',
  /** Resend, refill, cancel: the support desk's commands. */
  'orders.command',
  /** Partial completion, start count, status changes. */
  'orders.manage',
  'members.read',
  'members.manage',
  'support',
  'charges',
  'refunds',
  'ledger',
  'points.adjust',
  'approvals',
  'settings',
  'operators',
  'audit',
  /** Profit reports (revenue, cost, margin). */
  'reports',
  /** 현금영수증 and 세금계산서: issue, cancel, record by hand. */
  'receipts',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MANAGER: readonly Permission[] = [
  'self',
  'dashboard',
  'catalog',
  'providers',
  'content',
  'orders.read',
  'orders.command',
  'orders.manage',
  'members.read',
  'members.manage',
  'support',
];
const SUPPORT: readonly Permission[] = ['self', 'support', 'orders.read', 'orders.command', 'members.read'];
const ACCOUNTANT: readonly Permission[] = [
  'self',
  'dashboard',
  'charges',
  'refunds',
  'ledger',
  'points.adjust',
  'approvals',
  'members.read',
  'reports',
  'receipts',
];

/** Which permissions each role holds; OWNER holds every one. */
export const ROLE_PERMISSIONS: Record<OperatorRole, ReadonlySet<Permission>> = {
  OWNER: new Set(PERMISSIONS),
  MANAGER: new Set(MANAGER),
  SUPPORT: new Set(SUPPORT),
  ACCOUNTANT: new Set(ACCOUNTANT),
};

export const mayUse = (role: OperatorRole | undefined | null, permission: Permission): boolean =>
  permission === 'public' || (!!role && (ROLE_PERMISSIONS[role]?.has(permission) ?? false));
