import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Consents } from './consents';
import { RegisterWhereSelect } from './register-where-select';
import { Verification } from './verification';

interface TailFields {
  phoneNumber?: string;
  sendCode?: string;
  referral?: string;
  registerWhere: string;
  phoneCodeSent: boolean;
}

/** What the ordinary and the social sign-up share: phone and code, referral code, sign-up route, the consents, the button. */
export function SignUpTail({
  form,
  phoneVerify,
  referral,
  submitting,
}: {
  form: unknown;
  phoneVerify: boolean;
  referral: boolean;
  submitting: boolean;
}) {
  const { register, formState } = form as {
    register: UseFormRegister<TailFields>;
    formState: { errors: FieldErrors<TailFields> };
  };
  return (
    <>
      {phoneVerify ? <Verification kind="phone" form={form} /> : null}
      {referral ? (
        <Input label="추천인 코드 (선택)" error={formState.errors.referral?.message} {...register('referral')} />
      ) : null}
      <RegisterWhereSelect error={formState.errors.registerWhere?.message} registration={register('registerWhere')} />
      <Consents form={form} />
      <Button type="submit" block disabled={submitting}>
        회원가입
      </Button>
    </>
  );
}
