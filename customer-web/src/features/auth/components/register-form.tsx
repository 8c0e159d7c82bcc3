import { useForm } from 'react-hook-form';
import { Input } from '../../../components/ui/field';
import { PASSWORD_PLACEHOLDER, registerFormSchema, type SignUpSwitches } from '../../../lib/contracts';
import { register as registerMember } from '../api/register';
import { signUpResolver } from '../lib/sign-up-resolver';
import { NO_CONSENTS } from './consents';
import { SignUpTail } from './sign-up-tail';
import { useRegisterSubmit } from './use-register-submit';
import { Verification } from './verification';

const EMPTY = {
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
  ...NO_CONSENTS,
};

/** The ordinary sign-up form (docs/product.md §2, §5), checked by the shared register contract. */
export function RegisterForm({ switches, referral }: { switches: SignUpSwitches; referral: boolean }) {
  const send = useRegisterSubmit();
  const form = useForm({ resolver: signUpResolver(registerFormSchema(switches), switches), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(({ passwordConfirm: _, ...request }) => send(() => registerMember(request)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="회원가입">
      <Input label="아이디" autoComplete="username" error={errors.id?.message} {...form.register('id')} />
      <Input
        label="비밀번호"
        type="password"
        placeholder={PASSWORD_PLACEHOLDER}
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Input
        label="비밀번호 재입력"
        type="password"
        placeholder={PASSWORD_PLACEHOLDER}
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...form.register('passwordConfirm')}
      />
      <Verification kind="email" form={form} withCode={switches.emailVerify} />
      <SignUpTail form={form} phoneVerify={switches.phoneVerify} referral={referral} submitting={isSubmitting} />
    </form>
  );
}
