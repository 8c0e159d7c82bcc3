import { useForm } from 'react-hook-form';
import { socialRegisterFormSchema } from '../../../lib/contracts';
import { registerSocial, type SocialProvider } from '../api/register-social';
import { signUpResolver } from '../lib/sign-up-resolver';
import { NO_CONSENTS } from './consents';
import { SignUpTail } from './sign-up-tail';
import { useRegisterSubmit } from './use-register-submit';

/** The social sign-up form: phone and code (when phone verification is on), referral, sign-up route; the token comes from the social login's 404. */
export function SocialRegisterForm({
  provider,
  accessToken,
  phoneVerify,
  referral,
}: {
  provider: SocialProvider;
  accessToken: string;
  phoneVerify: boolean;
  referral: boolean;
}) {
  const send = useRegisterSubmit();
  const switches = { emailVerify: false, phoneVerify };
  const form = useForm({
    resolver: signUpResolver(socialRegisterFormSchema(switches), switches),
    defaultValues: {
      registerWhere: '',
      phoneNumber: '',
      sendCode: '',
      referral: '',
      accessToken,
      emailCodeSent: false,
      phoneCodeSent: false,
      ...NO_CONSENTS,
    },
  });

  const submit = form.handleSubmit((request) => send(() => registerSocial(provider, request)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="간편 회원가입">
      <SignUpTail form={form} phoneVerify={phoneVerify} referral={referral} submitting={form.formState.isSubmitting} />
    </form>
  );
}
