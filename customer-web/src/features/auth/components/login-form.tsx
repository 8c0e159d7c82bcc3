import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { loginSchema, MESSAGES, type LoginInput } from '../../../lib/contracts';
import { logIn } from '../../../lib/auth';
import { loading } from '../../../lib/loading';
import { useSettings } from '../../../lib/settings';
import { storage } from '../../../lib/storage';
import { login, loginWithCode, type AccessToken } from '../api/login';

/** docs/product.md §8: 400 and 404 have their own words, anything else is a generic error. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return MESSAGES.formInvalid;
  if (error instanceof ApiError && error.status === 404) return MESSAGES.loginFailed;
  // Any other refusal (429 after too many tries, a suspended member ...) says the server's reason.
  return refusalMessage(error, MESSAGES.error);
}

/** One failure toast at a time, gone once the login succeeds (it stayed beside 로그인에 성공했습니다). */
const LOGIN_FAILED = 'login-failed';
function showLoginFailure(message: string) {
  if (toast.isActive(LOGIN_FAILED)) toast.update(LOGIN_FAILED, { render: message });
  else toast.error(message, { toastId: LOGIN_FAILED });
}

export function LoginForm() {
  const settings = useSettings();
  const navigate = useNavigate();
  const savedId = storage.getSavedId();
  const form = useForm<LoginInput & { remember: boolean }>({
    resolver: zodResolver(loginSchema) as never,
    defaultValues: { id: savedId, password: '', remember: savedId !== '' },
  });
  const { errors, isSubmitting } = form.formState;
  /** Set when the password was right and the member's second factor is on: the code step follows. */
  const [challenge, setChallenge] = useState<{ token: string; message: string } | null>(null);

  const enter = async ({ accessToken, refreshToken }: AccessToken) => {
    await logIn(accessToken, refreshToken);
    toast.dismiss(LOGIN_FAILED);
    toast.success(MESSAGES.loginSuccess);
    void navigate(paths.order);
  };

  const submit = form.handleSubmit(async ({ id, password }) => {
    try {
      const answer = await loading.during(login({ id, password }));
      storage.setSavedId(form.getValues('remember') ? id : null);
      if ('twoFactor' in answer) setChallenge({ token: answer.challengeToken, message: answer.message });
      else await enter(answer);
    } catch (error) {
      showLoginFailure(loginErrorMessage(error));
    }
  });

  if (challenge)
    return (
      <CodeStep
        message={challenge.message}
        onCode={async (code) => {
          try {
            await enter(await loading.during(loginWithCode({ challengeToken: challenge.token, code })));
          } catch (error) {
            showLoginFailure(refusalMessage(error, MESSAGES.error));
          }
        }}
        onRestart={() => setChallenge(null)}
      />
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="로그인">
      <Input label="아이디" autoComplete="username" error={errors.id?.message} {...form.register('id')} />
      <Input
        label="비밀번호"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="form-row-between">
        <label className="check">
          <input type="checkbox" {...form.register('remember')} />
          <span>아이디 저장</span>
        </label>
        {settings.flag('ENABLE_EMAIL_VERIFY') ? (
          <span className="inline-links">
            <Link to={paths.findId}>아이디 찾기</Link>
            <Link to={paths.findPassword}>비밀번호 찾기</Link>
          </span>
        ) : null}
      </div>
      <Button type="submit" block disabled={isSubmitting}>
        로그인
      </Button>
    </form>
  );
}

/** The login's second step: the authenticator app's code, or one of the recovery codes. */
function CodeStep({
  message,
  onCode,
  onRestart,
}: {
  message: string;
  onCode: (code: string) => Promise<void>;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      aria-label="2단계 인증"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        // onCode answers its own refusals with a toast.
        void onCode(code.trim()).finally(() => setBusy(false));
      }}
    >
      <p>{message}</p>
      <Input
        label="인증 코드 또는 복구 코드"
        name="code"
        autoComplete="one-time-code"
        maxLength={11}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" block disabled={busy || code.trim() === ''}>
        확인
      </Button>
      <Button type="button" variant="secondary" block onClick={onRestart}>
        처음부터 다시 로그인
      </Button>
    </form>
  );
}
