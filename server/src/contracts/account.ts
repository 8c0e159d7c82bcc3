import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { REGISTER_MESSAGES, isEmail } from './register.js';

/** Spec §5 and §8: account, password and find-id/password messages. */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: '현재 비밀번호를 입력해주세요.',
  newPasswordRequired: '새 비밀번호를 입력해주세요.',
  newPasswordMismatch: '비밀번호 재확인이 다릅니다',
  currentPasswordWrong: '현재 비밀번호가 다릅니다.',
  passwordChanged: '비밀번호가 변경되었습니다.',
  resetMismatch: '비밀번호 검증이 다릅니다',
  resetDone: '비밀번호가 재설정 되었습니다.',
  resetMailSent: '이메일이 전송되었습니다.',
  deleteFailed: '회원 탈퇴에 실패했습니다.',
  deleted: '회원 탈퇴가 완료되었습니다.',
  guestBlocked: '둘러보기 모드에서는 불가능합니다.',
  apiKeyRenewed: 'API 키가 재발급 되었습니다.',
  referralIssued: '추천인 코드가 발급되었습니다.',
} as const;

const required = (message: string) => z.string({ error: message }).min(1, message).max(100, MESSAGES.formInvalid);

/** POST /auth/change-password: {currentPassword, newPassword}. No length rule is shown (spec §5). */
export const changePasswordSchema = z.object({
  currentPassword: required(ACCOUNT_MESSAGES.currentPasswordRequired),
  newPassword: required(ACCOUNT_MESSAGES.newPasswordRequired),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the request plus the repeated new password. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ newPasswordConfirm: z.string() })
  .refine((v) => v.newPassword === v.newPasswordConfirm, { path: ['newPasswordConfirm'], message: ACCOUNT_MESSAGES.newPasswordMismatch });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** POST /service/reset-password: {token, password}. */
export const resetPasswordSchema = z.object({
  token: z.string().min(1, MESSAGES.formInvalid).max(4000, MESSAGES.formInvalid),
  password: required(MESSAGES.passwordRequired),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form: a mismatch is the spec's toast and no call. */
export const resetPasswordFormSchema = z
  .object({ password: required(MESSAGES.passwordRequired), passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: ACCOUNT_MESSAGES.resetMismatch });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

/** POST /service/find-id and /service/find-password: {email}. */
export const findByEmailSchema = z.object({
  email: z.string({ error: REGISTER_MESSAGES.emailFormat }).max(200, MESSAGES.formInvalid).refine(isEmail, REGISTER_MESSAGES.emailFormat),
});
export type FindByEmailInput = z.infer<typeof findByEmailSchema>;
