import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Input } from '../../../components/ui/field';
import { registerFormSchema, type RegisterFormValues, type VerificationRules } from '../../../lib/contracts';
import { register as registerMember } from '../api/register';
import { SignUpTail } from './sign-up-tail';
import { useRegisterSubmit } from './use-register-submit';
import { Verification } from './verification';

const EMPTY: RegisterFormValues = {
  id: '',
  password: '',
  passwordConfirm: '',
  email: '',
  emailCode: '',
  phoneNumber: '',
  sendCode: '',
  referral: '',
  registerWhere: '',
  emailCodeSent: false,
  phoneCodeSent: false,
};

/** The ordinary sign-up form (spec §2, §5). */
export function RegisterForm({ rules, referral }: { rules: VerificationRules; referral: boolean }) {
  const send = useRegisterSubmit();
  const form = useForm<RegisterFormValues>({ resolver: zodResolver(registerFormSchema(rules)) as never, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit((v) =>
    send(() =>
      registerMember({ id: v.id, password: v.password, email: v.email, registerWhere: v.registerWhere, phoneNumber: v.phoneNumber ?? '', sendCode: v.sendCode ?? '', referral: v.referral ?? '', emailCode: v.emailCode ?? '' }),
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="회원가입">
      <Input label="아이디" autoComplete="username" error={errors.id?.message} {...form.register('id')} />
      <Input label="비밀번호" type="password" placeholder="8~20자" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
      <Input label="비밀번호 재입력" type="password" placeholder="8~20자" autoComplete="new-password" error={errors.passwordConfirm?.message} {...form.register('passwordConfirm')} />
      <Verification kind="email" form={form} withCode={rules.emailVerify} />
      <SignUpTail form={form} phoneVerify={rules.phoneVerify} referral={referral} submitting={isSubmitting} />
    </form>
  );
}
