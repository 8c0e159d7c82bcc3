import { z } from 'zod';
import type { OperatorRole } from './operators.js';

/** Roles that may not use the console without a second factor: they move money and settings. */
export const SECOND_FACTOR_REQUIRED_ROLES: readonly OperatorRole[] = ['OWNER', 'ACCOUNTANT'];
export const secondFactorRequired = (role: OperatorRole): boolean => SECOND_FACTOR_REQUIRED_ROLES.includes(role);

/** How many single-use recovery codes an enrolment hands out (shown once, stored hashed). */
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: '인증 코드를 입력해 주세요.',
  codeWrong: '인증 코드가 올바르지 않습니다.',
  challengeGone: '로그인 단계가 만료되었습니다. 처음부터 다시 로그인해 주세요.',
  codeStep: '인증 앱의 6자리 코드를 입력해 주세요.',
  enrolStep: '이 계정은 2단계 인증이 필수입니다. 인증 앱을 등록해 주세요.',
  alreadyEnabled: '이미 2단계 인증을 사용 중입니다.',
  notEnabled: '2단계 인증을 사용하고 있지 않습니다.',
  noEnrolment: '먼저 인증 앱 등록을 시작해 주세요.',
  requiredForRole: '이 역할은 2단계 인증을 끌 수 없습니다.',
  enabled: '2단계 인증을 켰습니다. 모든 기기에서 로그아웃되었습니다.',
  disabled: '2단계 인증을 껐습니다. 모든 기기에서 로그아웃되었습니다.',
  challengeVoid: '인증 코드를 여러 번 잘못 입력했습니다. 처음부터 다시 로그인해 주세요.',
  codeUsed: '이미 사용한 인증 코드입니다. 인증 앱에 새 코드가 표시되면 입력해 주세요.',
  locked: '인증 코드가 여러 번 틀려 2단계 인증이 잠시 잠겼습니다. 잠시 후 다시 시도해 주세요.',
  recoveryCodesIssued: '새 복구 코드를 발급했습니다. 이전 복구 코드는 더 이상 사용할 수 없습니다.',
} as const;

/** How the code step holds against guessing: tries per challenge, wrong codes per account from every address. */
export const SECOND_FACTOR_LIMITS = {
  /** Code tries one login challenge takes; then it is void and the login starts over. */
  CHALLENGE_TRIES: 5,
  /** Wrong codes per account within the window, from all addresses together; then the code step locks. */
  ACCOUNT_CEILING: 20,
  ACCOUNT_WINDOW_MS: 3600_000,
  LOCK_MS: 3600_000,
} as const;

/** `N분` (at least 1) for a lock's remaining time. */
export const secondFactorLockedMessage = (seconds: number): string =>
  `인증 코드가 여러 번 틀려 2단계 인증이 잠시 잠겼습니다. ${Math.max(1, Math.ceil(seconds / 60))}분 후 다시 시도해 주세요.`;

/** A 6-digit TOTP code, or a recovery code (XXXXX-XXXXX, dash and case optional). */
export const secondFactorCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
  .max(20, SECOND_FACTOR_MESSAGES.codeWrong)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, SECOND_FACTOR_MESSAGES.codeWrong);

export const secondFactorCodeBodySchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

const challengeTokenSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.challengeGone })
  .min(1, SECOND_FACTOR_MESSAGES.challengeGone)
  .max(2000, SECOND_FACTOR_MESSAGES.challengeGone);

/** The login's second step: the challenge the password step answered, and the code. */
export const secondFactorLoginSchema = z.object({ challengeToken: challengeTokenSchema, code: secondFactorCodeSchema });
export type SecondFactorLogin = z.infer<typeof secondFactorLoginSchema>;

export const secondFactorChallengeBodySchema = z.object({ challengeToken: challengeTokenSchema });
export type SecondFactorChallengeBody = z.infer<typeof secondFactorChallengeBodySchema>;

/**
 * The password step's answer when the account has a second factor (`code`) or must enrol one first (`enrol`,
 * operators whose role requires it): no session yet, only a short-lived challenge for the next step.
 */
export interface SecondFactorChallenge {
  twoFactor: 'code' | 'enrol';
  challengeToken: string;
  message: string;
}

/** A started enrolment: shown once (the secret is sealed server-side and never shown again). */
export interface SecondFactorEnrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a PNG data URL, for the authenticator app's camera. */
  qrDataUrl: string;
}

export interface SecondFactorStatus {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

/** POST …/totp/recovery-codes: 10 new codes for a current code; the old ones stop working. */
export interface RecoveryCodesIssued {
  message: string;
  /** Shown once. */
  recoveryCodes: string[];
}

export interface SecondFactorConfirmed {
  message: string;
  /** Shown once: each works one time in place of a code. */
  recoveryCodes: string[];
}
