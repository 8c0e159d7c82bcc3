import { z } from 'zod';
import { IDENTITY_MESSAGES as M } from './identity-messages.js';
import { MESSAGES } from './messages.js';

const noSpace = (s: string) => !/\s/.test(s);
// Control and format characters (NUL, zero-width spaces ...) are never part of an id, a code or a name.
export const printable = (s: string) => !/[\p{Cc}\p{Cf}]/u.test(s);
/** A string of at most `max` printable characters; anything else fails with `message`. */
export const text = (max: number, message: string = MESSAGES.formInvalid) =>
  z.string({ error: message }).max(max, message).refine(printable, message);
/** An optional text field: absent, null or '' all mean "not given". */
const optionalText = (max: number, message?: string) =>
  text(max, message)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** docs/product.md §5: non-empty, no space. */
export const loginIdField = z
  .string({ error: MESSAGES.idRequired })
  .min(1, MESSAGES.idRequired)
  .max(50, M.idTooLong)
  .refine(noSpace, MESSAGES.idNoSpace)
  .refine(printable, M.idInvalid);

/** docs/product.md §9: the password fields announce 8 to 20 characters; the server enforces the same. */
export const PASSWORD_LENGTH = { min: 8, max: 20 } as const;
/** The placeholder of every new-password field. */
export const PASSWORD_PLACEHOLDER = `${PASSWORD_LENGTH.min}~${PASSWORD_LENGTH.max}자`;

/** A password being set (register, change, reset): non-empty, no space, 8 to 20 characters. */
export const newPasswordField = (required: string = MESSAGES.passwordRequired) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(100, M.passwordTooLong)
    .refine(noSpace, M.passwordNoSpace)
    .refine((s) => s.length >= PASSWORD_LENGTH.min && s.length <= PASSWORD_LENGTH.max, M.passwordLength);

/** docs/product.md §5: contains @ and a dot (checked as something@host.tld), stored lower-case. */
export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, message)
    .refine(printable, message)
    .transform((s) => s.toLowerCase());

/** docs/product.md §5/§9: exactly 11 characters (digits, 01012345678). */
export const phoneField = z.string({ error: M.phoneInvalid }).regex(/^\d{11}$/, M.phoneInvalid);

export const registerWhereField = text(100, M.registerWhereRequired).trim().min(1, M.registerWhereRequired);

export const sendEmailSchema = z.object({ email: emailField(M.emailInvalid) });
export type SendEmailInput = z.infer<typeof sendEmailSchema>;

export const sendPhoneSchema = z.object({ phoneNumber: phoneField });
export type SendPhoneInput = z.infer<typeof sendPhoneSchema>;

/** The phone part every sign-up carries; required only while ENABLE_PHONE_NUMBER is on (see verificationIssue). */
const phoneParts = {
  phoneNumber: optionalText(20, M.phoneInvalid),
  sendCode: optionalText(20, M.phoneCodeRequired),
  referral: optionalText(32, M.referralInvalid),
  registerWhere: registerWhereField,
};

/** The version of the terms of service and privacy policy the sign-up form links to (/terms/*), recorded with the consent. */
export const TERMS_VERSION = '2021-06-20';

/**
 * The consents every sign-up carries. Terms and privacy must be true (else 400 with the reason);
 * marketing messages are optional.
 */
const consentParts = {
  agreeTerms: z.boolean({ error: M.termsRequired }).refine((v) => v, M.termsRequired),
  agreePrivacy: z.boolean({ error: M.privacyRequired }).refine((v) => v, M.privacyRequired),
  agreeMarketing: z
    .boolean({ error: MESSAGES.formInvalid })
    .nullish()
    .transform((v) => v === true),
};

/** POST /auth/register (docs/product.md §7). */
export const registerSchema = z.object({
  id: loginIdField,
  password: newPasswordField(),
  email: emailField(M.emailFormat),
  emailCode: optionalText(20, M.emailCodeRequired),
  ...phoneParts,
  // Last, so a form with other problems reports those first.
  ...consentParts,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /auth/register/naver and /auth/register/kakao: accessToken is the token of the social login's 404. */
export const socialRegisterSchema = z.object({
  ...phoneParts,
  accessToken: text(4096).min(1, MESSAGES.formInvalid),
  ...consentParts,
});
export type SocialRegisterInput = z.infer<typeof socialRegisterSchema>;

/** Which verifications the site asks for (settings ENABLE_EMAIL_VERIFY and ENABLE_PHONE_NUMBER). */
export interface SignUpSwitches {
  emailVerify: boolean;
  phoneVerify: boolean;
}

const CODE = /^[^\s]{5}$/;

/**
 * docs/product.md §5: with email verification on, the email code is exactly 5 characters; with phone
 * verification on, the phone is 11 characters and its code exactly 5. The first broken rule's
 * message, or null.
 */
export function verificationIssue(input: VerificationInput, switches: SignUpSwitches, social = false): string | null {
  return verificationProblem(input, switches, social)?.message ?? null;
}

type VerificationInput = { emailCode?: string; phoneNumber?: string; sendCode?: string };

/** {@link verificationIssue} with the field it belongs to, so a form shows it under that field. */
export function verificationProblem(
  input: VerificationInput,
  switches: SignUpSwitches,
  social = false,
): { field: keyof VerificationInput; message: string } | null {
  if (switches.emailVerify && !social && !CODE.test(input.emailCode ?? ''))
    return { field: 'emailCode', message: M.emailCodeRequired };
  if (switches.phoneVerify && !phoneField.safeParse(input.phoneNumber ?? '').success)
    return { field: 'phoneNumber', message: M.phoneInvalid };
  if (switches.phoneVerify && !CODE.test(input.sendCode ?? ''))
    return { field: 'sendCode', message: M.phoneCodeRequired };
  return null;
}

/** The storefront's ordinary register form: the request plus the password re-entry and the switch-dependent rules. */
export const registerFormSchema = (switches: SignUpSwitches) =>
  registerSchema
    .extend({ passwordConfirm: z.string({ error: M.passwordConfirmMismatch }) })
    .superRefine((form, ctx) => {
      if (form.password !== form.passwordConfirm)
        ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: M.passwordConfirmMismatch });
      const problem = verificationProblem(form, switches);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    });

/** The storefront's social register form (phone rules only; the token comes from navigation state). */
export const socialRegisterFormSchema = (switches: SignUpSwitches) =>
  socialRegisterSchema.superRefine((form, ctx) => {
    const problem = verificationProblem(form, switches, true);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
