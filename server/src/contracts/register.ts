import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** Spec §5 and §8: sign-up and verification-code messages, verbatim where the spec names them. */
export const REGISTER_MESSAGES = {
  passwordNoSpace: '비밀번호에 띄어쓰기는 불가능합니다.',
  passwordMismatch: '비밀번호 재확인이 다릅니다',
  emailFormat: '이메일 형식을 맞춰주세요',
  registerWhereRequired: '가입경로를 선택해주세요',
  emailCodeNotSent: '이메일 인증번호를 발송해주세요.',
  emailCodeLength: '이메일 인증번호 5자리를 입력해주세요.',
  phoneCodeNotSent: '휴대전화 인증번호를 발송해주세요.',
  phoneCodeLength: '휴대전화 인증번호 5자리를 입력해주세요.',
  phoneInvalid: '휴대전화 번호가 올바르지 않습니다',
  emailInvalid: '이메일이 올바르지 않습니다',
  phoneCodeSent: '인증번호가 발송되었습니다.',
  emailCodeSent: '인증코드가 발송되었습니다.',
  phoneExists: '이미 존재하는 휴대전화 번호 입니다',
  emailExists: '이미 존재하는 이메일 입니다',
  sendFormInvalid: '입력 양식을 맞춰주세요',
  registerFailed: '회원가입에 실패했습니다.',
  registerSuccess: '회원가입에 성공했습니다.',
} as const;

/** Which codes a sign-up needs: the ENABLE_EMAIL_VERIFY and ENABLE_PHONE_NUMBER settings. */
export interface VerificationRules {
  emailVerify: boolean;
  phoneVerify: boolean;
}

const noSpace = (s: string) => !/\s/.test(s);
const text = (required: string, max = 100) => z.string({ error: required }).max(max, MESSAGES.formInvalid);
export const VERIFICATION_CODE_LENGTH = 5;
export const PHONE_LENGTH = 11;

export const isEmail = (s: string) => s.includes('@') && s.includes('.');
export const isPhoneNumber = (s: string) => new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(s);

/** POST /auth/send-phone-number: exactly 11 digits. */
export const sendPhoneCodeSchema = z.object({
  phoneNumber: text(REGISTER_MESSAGES.phoneInvalid, 20).refine(isPhoneNumber, REGISTER_MESSAGES.phoneInvalid),
});
export type SendPhoneCodeInput = z.infer<typeof sendPhoneCodeSchema>;

/** POST /auth/send-email: an @ and a dot. */
export const sendEmailCodeSchema = z.object({
  email: text(REGISTER_MESSAGES.emailInvalid, 200).refine(isEmail, REGISTER_MESSAGES.emailInvalid),
});
export type SendEmailCodeInput = z.infer<typeof sendEmailCodeSchema>;

const idField = text(MESSAGES.idRequired, 50).min(1, MESSAGES.idRequired).refine(noSpace, MESSAGES.idNoSpace);
const passwordField = text(MESSAGES.passwordRequired).min(1, MESSAGES.passwordRequired).refine(noSpace, REGISTER_MESSAGES.passwordNoSpace);
const emailField = text(REGISTER_MESSAGES.emailFormat, 200).refine(isEmail, REGISTER_MESSAGES.emailFormat);
const registerWhereField = text(REGISTER_MESSAGES.registerWhereRequired).min(1, REGISTER_MESSAGES.registerWhereRequired);
const optionalText = (max = 100) => z.string().max(max, MESSAGES.formInvalid).default('');

/** The codes part shared by the ordinary and social sign-ups (and the forms' "was it sent" flags). */
interface CodeFields {
  phoneNumber?: string;
  sendCode?: string;
  emailCode?: string;
  phoneCodeSent?: boolean;
  emailCodeSent?: boolean;
}

function checkCodes(rules: VerificationRules, value: CodeFields, ctx: z.RefinementCtx, forms: boolean): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (rules.emailVerify && 'emailCode' in value) {
    if (forms && !value.emailCodeSent) issue('emailCode', REGISTER_MESSAGES.emailCodeNotSent);
    else if ((value.emailCode ?? '').length !== VERIFICATION_CODE_LENGTH) issue('emailCode', REGISTER_MESSAGES.emailCodeLength);
  }
  if (rules.phoneVerify) {
    if (!isPhoneNumber(value.phoneNumber ?? '')) issue('phoneNumber', REGISTER_MESSAGES.phoneInvalid);
    else if (forms && !value.phoneCodeSent) issue('sendCode', REGISTER_MESSAGES.phoneCodeNotSent);
    else if ((value.sendCode ?? '').length !== VERIFICATION_CODE_LENGTH) issue('sendCode', REGISTER_MESSAGES.phoneCodeLength);
  }
}

const socialFields = {
  registerWhere: registerWhereField,
  phoneNumber: optionalText(20),
  sendCode: optionalText(20),
  referral: optionalText(50),
};
const ordinaryFields = {
  id: idField,
  password: passwordField,
  email: emailField,
  emailCode: optionalText(20),
  ...socialFields,
};

/** POST /auth/register: {id, password, email, registerWhere, phoneNumber, sendCode, referral, emailCode}. */
export const registerSchema = (rules: VerificationRules) =>
  z.object(ordinaryFields).superRefine((value, ctx) => checkCodes(rules, value, ctx, false));
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

/** The ordinary sign-up form: the request plus the re-entered password and whether each code was sent. */
export const registerFormSchema = (rules: VerificationRules) =>
  z
    .object({ ...ordinaryFields, passwordConfirm: z.string(), emailCodeSent: z.boolean(), phoneCodeSent: z.boolean() })
    .superRefine((value, ctx) => {
      if (value.password !== value.passwordConfirm) ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: REGISTER_MESSAGES.passwordMismatch });
      checkCodes(rules, value, ctx, true);
    });
export type RegisterFormValues = z.input<ReturnType<typeof registerFormSchema>>;

/** POST /auth/register/kakao and /auth/register/naver: {registerWhere, phoneNumber, sendCode, referral, accessToken}. */
export const socialRegisterSchema = (rules: Pick<VerificationRules, 'phoneVerify'>) =>
  z
    .object({ ...socialFields, accessToken: z.string().min(1, MESSAGES.formInvalid).max(4000, MESSAGES.formInvalid) })
    .superRefine((value, ctx) => checkCodes({ emailVerify: false, ...rules }, value, ctx, false));
export type SocialRegisterInput = z.infer<ReturnType<typeof socialRegisterSchema>>;

/** The social sign-up form: the request without the token (it comes from navigation state) plus the sent flag. */
export const socialRegisterFormSchema = (rules: Pick<VerificationRules, 'phoneVerify'>) =>
  z
    .object({ ...socialFields, phoneCodeSent: z.boolean() })
    .superRefine((value, ctx) => checkCodes({ emailVerify: false, ...rules }, value, ctx, true));
export type SocialRegisterFormValues = z.input<ReturnType<typeof socialRegisterFormSchema>>;
