import { z } from 'zod';

/**
 * The operator team (issue 24): who may do what in the console. One table, read by the server's
 * permission check on every /api/admin route and by the console to draw only what a role may use.
 * Plain TypeScript and zod.
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

export const OPERATOR_MESSAGES = {
  forbidden: '이 작업을 할 권한이 없습니다.',
  undeclared: '권한이 정해지지 않은 경로입니다.',
  notFound: '운영자를 찾을 수 없습니다.',
  duplicate: '이미 사용 중인 운영자 아이디입니다.',
  lastOwner: '활성 소유자(OWNER)가 한 명은 있어야 합니다.',
  notYourself: '자기 자신의 계정은 비활성화하거나 역할을 바꿀 수 없습니다.',
  alreadyDisabled: '이미 비활성화된 운영자입니다.',
} as const;

const LOGIN_ID = '아이디는 영문 소문자, 숫자, 밑줄(_) 4~30자로 입력해 주세요.';
const PASSWORD = '비밀번호는 10자 이상 100자 이하로 입력해 주세요.';
const ROLE = `역할은 ${OPERATOR_ROLES.join(', ')} 중 하나입니다.`;

export const operatorRoleField = z.enum(OPERATOR_ROLES, { error: ROLE });
export const operatorPasswordField = z.string({ error: PASSWORD }).min(10, PASSWORD).max(100, PASSWORD);

/** POST /api/admin/operators. */
export const createOperatorSchema = z.strictObject({
  loginId: z
    .string({ error: LOGIN_ID })
    .trim()
    .regex(/^[a-z0-9_]{4,30}$/, LOGIN_ID),
  password: operatorPasswordField,
  role: operatorRoleField,
});
export type CreateOperatorInput = z.infer<typeof createOperatorSchema>;

/** PUT /api/admin/operators/:id: the role (react-admin sends the whole record; only the role changes). */
export const updateOperatorSchema = z.object({ role: operatorRoleField });

/** POST /api/admin/operators/:id/reset-password. */
export const resetOperatorPasswordSchema = z.strictObject({ password: operatorPasswordField });

/** One row of the console's `operators` resource; never the password hash. */
export interface OperatorView {
  id: number;
  loginId: string;
  role: OperatorRole;
  disabledAt: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

/** GET /api/admin/auth/me: who is logged in and what the console may show them. */
export interface OperatorMe {
  id: number;
  loginId: string;
  role: OperatorRole;
  permissions: Permission[];
}
