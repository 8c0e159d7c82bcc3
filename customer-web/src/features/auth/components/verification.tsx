import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { isStatus, refusalMessage } from '../../../lib/api-client';
import { IDENTITY_MESSAGES, MESSAGES, sendEmailSchema, sendPhoneSchema } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';
import { STOREFRONT_MESSAGES } from '../../../lib/messages';
import { sendEmailCode } from '../api/send-email-code';
import { sendPhoneCode } from '../api/send-phone-code';

interface Channel {
  field: 'phoneNumber' | 'email';
  codeField: 'sendCode' | 'emailCode';
  sentFlag: 'phoneCodeSent' | 'emailCodeSent';
  label: string;
  codeLabel: string;
  placeholder: string;
  check: (value: string) => { success: true } | { success: false; error: { issues: { message: string }[] } };
  send: (value: string) => Promise<unknown>;
  exists: string;
  sent: string;
}

const CHANNELS = {
  phone: {
    field: 'phoneNumber',
    codeField: 'sendCode',
    sentFlag: 'phoneCodeSent',
    label: '휴대전화 번호',
    codeLabel: '휴대전화 인증번호',
    placeholder: "'-' 없이 11자리",
    check: (phoneNumber) => sendPhoneSchema.safeParse({ phoneNumber }),
    send: (phoneNumber) => sendPhoneCode({ phoneNumber }),
    exists: IDENTITY_MESSAGES.phoneTaken,
    sent: IDENTITY_MESSAGES.phoneCodeSent,
  },
  email: {
    field: 'email',
    codeField: 'emailCode',
    sentFlag: 'emailCodeSent',
    label: '이메일',
    codeLabel: '이메일 인증번호',
    placeholder: 'example@email.com',
    check: (email) => sendEmailSchema.safeParse({ email }),
    send: (email) => sendEmailCode({ email }),
    exists: IDENTITY_MESSAGES.emailTaken,
    sent: IDENTITY_MESSAGES.emailCodeSent,
  },
} satisfies Record<string, Channel>;

/** docs/product.md §8: 400 입력 양식을 맞춰주세요, 409 already exists, else a generic error. */
export function sendCodeErrorMessage(error: unknown, kind: keyof typeof CHANNELS): string {
  if (isStatus(error, 400)) return STOREFRONT_MESSAGES.sendCodeFormInvalid;
  if (isStatus(error, 409)) return CHANNELS[kind].exists;
  return refusalMessage(error, MESSAGES.error);
}

type CodeForm = UseFormReturn<Record<string, string | boolean>>;

/** A phone or e-mail field with its send-code button and the code field; sending locks the field. */
export function Verification({
  kind,
  form: anyForm,
  withCode = true,
}: {
  kind: keyof typeof CHANNELS;
  form: unknown;
  withCode?: boolean;
}) {
  const form = anyForm as CodeForm;
  const c: Channel = CHANNELS[kind];
  const sent = form.watch(c.sentFlag) === true;
  const errors = form.formState.errors;

  const send = async () => {
    const value = String(form.getValues(c.field) ?? '');
    const checked = c.check(value);
    if (!checked.success) return form.setError(c.field, { message: checked.error.issues[0]?.message });
    try {
      await loading.during(c.send(value));
      form.clearErrors(c.field);
      form.setValue(c.sentFlag, true);
      toast.success(c.sent);
    } catch (error) {
      toast.error(sendCodeErrorMessage(error, kind));
    }
  };

  return (
    <>
      <Input
        label={c.label}
        placeholder={c.placeholder}
        readOnly={sent}
        inputMode={kind === 'phone' ? 'numeric' : 'email'}
        error={errors[c.field]?.message as string | undefined}
        addon={
          withCode ? (
            <Button variant="secondary" onClick={() => void send()} className="addon-button">
              {sent ? '재발송' : '인증번호 발송'}
            </Button>
          ) : null
        }
        {...form.register(c.field)}
      />
      {withCode ? (
        <Input
          label={c.codeLabel}
          placeholder="5자리"
          maxLength={5}
          inputMode="numeric"
          error={errors[c.codeField]?.message as string | undefined}
          {...form.register(c.codeField)}
        />
      ) : null}
    </>
  );
}
