import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { paths } from '../../../config/paths';

interface ConsentFields {
  agreeTerms: boolean;
  agreePrivacy: boolean;
  agreeMarketing: boolean;
}

export const NO_CONSENTS: ConsentFields = { agreeTerms: false, agreePrivacy: false, agreeMarketing: false };

/**
 * Under 개인정보 보호법, the terms of service and the collection and use of personal data are agreed
 * to separately and are required; marketing messages are optional. The links open the documents in a new tab.
 */
export function Consents({ form }: { form: unknown }) {
  const { register, formState } = form as {
    register: UseFormRegister<ConsentFields>;
    formState: { errors: FieldErrors<ConsentFields> };
  };
  const error = (message?: string) =>
    message ? (
      <p className="field-error" role="alert">
        {message}
      </p>
    ) : null;
  return (
    <fieldset className="field consents">
      <legend className="field-label">약관 동의</legend>
      <label className="check">
        <input type="checkbox" aria-invalid={!!formState.errors.agreeTerms} {...register('agreeTerms')} />
        <span>[필수] 이용약관에 동의합니다</span>
      </label>
      <a className="consent-link" href={paths.termsService} target="_blank" rel="noopener noreferrer">
        이용약관 보기
      </a>
      {error(formState.errors.agreeTerms?.message)}
      <label className="check">
        <input type="checkbox" aria-invalid={!!formState.errors.agreePrivacy} {...register('agreePrivacy')} />
        <span>[필수] 개인정보 수집·이용에 동의합니다</span>
      </label>
      <a className="consent-link" href={paths.termsPrivacy} target="_blank" rel="noopener noreferrer">
        개인정보처리방침 보기
      </a>
      {error(formState.errors.agreePrivacy?.message)}
      <label className="check">
        <input type="checkbox" {...register('agreeMarketing')} />
        <span>[선택] 이벤트·혜택 등 마케팅 정보 수신에 동의합니다</span>
      </label>
    </fieldset>
  );
}
