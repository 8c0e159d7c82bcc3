import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { socialRegisterFormSchema, type SocialRegisterFormValues } from '../../../lib/contracts';
import { registerSocial, type SocialProvider } from '../api/register-social';
import { RegisterWhereSelect } from './register-where-select';
import { useRegisterSubmit } from './use-register-submit';
import { Verification } from './verification';

/** The social sign-up form: phone and code (when phone verification is on), referral, sign-up route. */
export function SocialRegisterForm({ provider, accessToken, phoneVerify, referral }: { provider: SocialProvider; accessToken: string; phoneVerify: boolean; referral: boolean }) {
  const send = useRegisterSubmit();
  const form = useForm<SocialRegisterFormValues>({
    resolver: zodResolver(socialRegisterFormSchema({ phoneVerify })) as never,
    defaultValues: { registerWhere: '', phoneNumber: '', sendCode: '', referral: '', phoneCodeSent: false },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit((v) =>
    send(() => registerSocial(provider, { registerWhere: v.registerWhere, phoneNumber: v.phoneNumber ?? '', sendCode: v.sendCode ?? '', referral: v.referral ?? '', accessToken })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="간편 회원가입">
      {phoneVerify ? <Verification kind="phone" form={form} /> : null}
      {referral ? <Input label="추천인 코드 (선택)" error={errors.referral?.message} {...form.register('referral')} /> : null}
      <RegisterWhereSelect error={errors.registerWhere?.message} registration={form.register('registerWhere')} />
      <Button type="submit" block disabled={isSubmitting}>
        회원가입
      </Button>
    </form>
  );
}
