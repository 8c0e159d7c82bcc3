import { changePasswordFormSchema, resetPasswordFormSchema } from './account.js';
import { IDENTITY_MESSAGES as M } from './identity-messages.js';
import { registerFormSchema, registerSchema, verificationIssue } from './register.js';

const form = { id: 'kim', password: 'pw1', passwordConfirm: 'pw1', email: 'Kim@Example.com', registerWhere: '유튜브', emailCode: '', phoneNumber: '', sendCode: '', referral: '' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('register contract', () => {
  it('normalizes the email and treats empty optional fields as absent', () => {
    const parsed = registerSchema.parse(form);
    expect(parsed).toMatchObject({ email: 'kim@example.com', referral: undefined, phoneNumber: undefined });
  });

  it('asks for the codes the switches turn on (spec §5)', () => {
    const off = { emailVerify: false, phoneVerify: false };
    expect(verificationIssue({}, off)).toBeNull();
    expect(verificationIssue({ emailCode: '1234' }, { ...off, emailVerify: true })).toBe(M.emailCodeRequired);
    expect(verificationIssue({ emailCode: '12345' }, { ...off, emailVerify: true })).toBeNull();
    expect(verificationIssue({ phoneNumber: '0101234567', sendCode: '12345' }, { ...off, phoneVerify: true })).toBe(M.phoneInvalid);
    expect(verificationIssue({ phoneNumber: '01012345678', sendCode: '1234' }, { ...off, phoneVerify: true })).toBe(M.phoneCodeRequired);
    // A social sign-up has no email code.
    expect(verificationIssue({}, { emailVerify: true, phoneVerify: false }, true)).toBeNull();
  });

  it('checks the re-entries of the storefront forms', () => {
    const schema = registerFormSchema({ emailVerify: false, phoneVerify: false });
    expect(schema.safeParse(form).success).toBe(true);
    expect(firstMessage(schema.safeParse({ ...form, passwordConfirm: 'other' }))).toBe('비밀번호 재확인이 다릅니다');
    expect(firstMessage(changePasswordFormSchema.safeParse({ currentPassword: 'a', newPassword: 'b', newPasswordConfirm: 'c' }))).toBe('비밀번호 재확인이 다릅니다');
    expect(firstMessage(resetPasswordFormSchema.safeParse({ token: 't', password: 'b', passwordConfirm: 'c' }))).toBe('비밀번호 검증이 다릅니다');
  });
});
