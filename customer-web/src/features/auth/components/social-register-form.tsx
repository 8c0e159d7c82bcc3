import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { socialRegisterFormSchema, type SocialRegisterFormValues } from '../../../lib/contracts';
import { registerSocial, type SocialProvider } from '../api/register-social';
import { SignUpTail } from './sign-up-tail';
import { useRegisterSubmit } from './use-register-submit';

/** The social sign-up form: phone and code (when phone verification is on), referral, sign-up route. */
export function SocialRegisterForm({ provider, accessToken, phoneVerify, referral }: { provider: SocialProvider; accessToken: string; phoneVerify: boolean; referral: boolean }) {
  const send = useRegisterSubmit();
  const form = useForm<SocialRegisterFormValues>({
    resolver: zodResolver(socialRegisterFormSchema({ phoneVerify })) as never,
    defaultValues: { registerWhere: '', phoneNumber: '', sendCode: '', referral: '', phoneCodeSent: false },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit((v) =>
    send(() => registerSocial(provider, { registerWhere: v.registerWhere, phoneNumber: v.phoneNumber ?? '', sendCode: v.sendCode ?? '', referral: v.referral ?? '', accessToken })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="간편 회원가입">
      <SignUpTail form={form} phoneVerify={phoneVerify} referral={referral} submitting={isSubmitting} />
    </form>
  );
}
