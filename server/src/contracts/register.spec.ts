import { changePasswordFormSchema, resetPasswordFormSchema } from './account.js';
import { IDENTITY_MESSAGES as M } from './identity-messages.js';
import { registerFormSchema, registerSchema, verificationIssue } from './register.js';

const form = {
  id: 'kim',
  password: 'pw-12345',
  passwordConfirm: 'pw-12345',
  email: 'Kim@Example.com',
  registerWhere: '유튜브',
  emailCode: '',
  phoneNumber: '',
  sendCode: '',
  referral: '',
  agreeTerms: true,
  agreePrivacy: true,
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('register contract', () => {
  it('normalizes the email and treats empty optional fields as absent', () => {
    const parsed = registerSchema.parse(form);
    expect(parsed).toMatchObject({
      email: 'kim@example.com',
      referral: undefined,
      phoneNumber: undefined,
      agreeMarketing: false,
    });
  });

  it('enforces the 8~20자 password rule the placeholders announce, and the two required consents', () => {
    expect(firstMessage(registerSchema.safeParse({ ...form, password: 'a' }))).toBe(
      '비밀번호는 8~20자로 입력해 주세요.',
    );
    expect(firstMessage(registerSchema.safeParse({ ...form, password: 'a'.repeat(21) }))).toBe(
      '비밀번호는 8~20자로 입력해 주세요.',
    );
    expect(registerSchema.safeParse({ ...form, password: 'a'.repeat(8) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...form, password: 'a'.repeat(20) }).success).toBe(true);
    expect(firstMessage(registerSchema.safeParse({ ...form, agreeTerms: false }))).toBe('이용약관에 동의해 주세요.');
    expect(firstMessage(registerSchema.safeParse({ ...form, agreePrivacy: undefined }))).toBe(
      '개인정보 수집·이용에 동의해 주세요.',
    );
  });

  it('asks for the codes the switches turn on (docs/product.md §5)', () => {
    const off = { emailVerify: false, phoneVerify: false };
    expect(verificationIssue({}, off)).toBeNull();
    expect(verificationIssue({ emailCode: '1234' }, { ...off, emailVerify: true })).toBe(M.emailCodeRequired);
    expect(verificationIssue({ emailCode: '12345' }, { ...off, emailVerify: true })).toBeNull();
    expect(verificationIssue({ phoneNumber: '0101234567', sendCode: '12345' }, { ...off, phoneVerify: true })).toBe(
      M.phoneInvalid,
    );
    expect(verificationIssue({ phoneNumber: '01012345678', sendCode: '1234' }, { ...off, phoneVerify: true })).toBe(
      M.phoneCodeRequired,
    );
    // A social sign-up has no email code.
    expect(verificationIssue({}, { emailVerify: true, phoneVerify: false }, true)).toBeNull();
  });

  it('checks the re-entries of the storefront forms', () => {
    const schema = registerFormSchema({ emailVerify: false, phoneVerify: false });
    expect(schema.safeParse(form).success).toBe(true);
    expect(firstMessage(schema.safeParse({ ...form, passwordConfirm: 'other' }))).toBe('비밀번호 재확인이 다릅니다');
    expect(
      firstMessage(
        changePasswordFormSchema.safeParse({ currentPassword: 'a', newPassword: 'bbbbbbbb', newPasswordConfirm: 'c' }),
      ),
    ).toBe('비밀번호 재확인이 다릅니다');
    expect(
      firstMessage(resetPasswordFormSchema.safeParse({ token: 't', password: 'bbbbbbbb', passwordConfirm: 'c' })),
    ).toBe('비밀번호 검증이 다릅니다');
  });
});
