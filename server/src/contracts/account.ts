import { z } from 'zod';
import { IDENTITY_MESSAGES as M } from './identity-messages.js';
import { MESSAGES } from './messages.js';
import { emailField, newPasswordField, text } from './register.js';

/** POST /auth/change-password (docs/product.md §3/§5). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: M.currentPasswordRequired })
    .min(1, M.currentPasswordRequired)
    .max(100, MESSAGES.formInvalid),
  newPassword: newPasswordField(M.newPasswordRequired),
  /** Whether the reseller API key is renewed too (the member chooses; every session ends either way). */
  renewApiKey: z.boolean({ error: MESSAGES.formInvalid }).optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ newPasswordConfirm: z.string({ error: M.passwordConfirmMismatch }) })
  .refine((f) => f.newPassword === f.newPasswordConfirm, {
    path: ['newPasswordConfirm'],
    message: M.passwordConfirmMismatch,
  });

/** POST /service/find-id and /service/find-password. */
export const findAccountSchema = z.object({ email: emailField(M.emailFormat) });
export type FindAccountInput = z.infer<typeof findAccountSchema>;

/** POST /service/reset-password {token, password}. */
export const resetPasswordSchema = z.object({
  token: text(2048, M.resetTokenInvalid).min(1, M.resetTokenInvalid),
  password: newPasswordField(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ passwordConfirm: z.string({ error: M.resetMismatch }) })
  .refine((f) => f.password === f.passwordConfirm, { path: ['passwordConfirm'], message: M.resetMismatch });

/** POST /auth/login/naver: the authorization code the popup callback posted back. */
export const naverLoginSchema = z.object({ code: text(512, M.naverFailed).min(1, M.naverFailed) });
/** POST /auth/login/kakao: the access token Kakao's SDK gave the page. */
export const kakaoLoginSchema = z.object({ accessToken: text(4096, M.kakaoFailed).min(1, M.kakaoFailed) });

/** POST /auth/refresh: the refresh token of the current session. */
export const refreshSchema = z.object({
  refreshToken: z.string({ error: MESSAGES.formInvalid }).min(1, MESSAGES.formInvalid).max(200, MESSAGES.formInvalid),
});
export type RefreshInput = z.infer<typeof refreshSchema>;

/** A session as its owner sees it (GET /auth/sessions, GET /admin/auth/sessions). */
export interface SessionRow {
  id: number;
  /** A short summary of the browser and system, like `Chrome · Windows` or `Safari · iPhone` (unknown: 알 수 없는 기기). */
  device: string;
  /** The User-Agent the session was opened with, as stored. */
  userAgent: string;
  ip: string;
  createdAt: string;
  /** Moves as the session is used (at most once a minute). */
  lastSeenAt: string;
  current: boolean;
}

/** What 로그인된 기기 shows for a session whose User-Agent says nothing recognisable. */
export const UNKNOWN_DEVICE = '알 수 없는 기기';
