import { useState, type FormEvent } from 'react';
import { Login, useLogin } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSiteBrand } from '../common/brand';
import { EnrolmentCard, RecoveryCodes } from '../common/RecoveryCodes';
import {
  authCall,
  type SecondFactorChallenge,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type TokenAnswer,
} from '../common/secondFactorApi';
import { useBusyRun } from '../common/useBusyRun';

/** The shop's logo and console title (SITE_LOGO_URL, SITE_NAME) and its company name (FOOTER_COMPANY) above the operator login form. */
const SiteName = () => {
  const { logoUrl, company, title } = useSiteBrand();
  return (
    <Typography variant="h6" align="center" sx={{ mt: 1 }}>
      {logoUrl && (
        <Box
          component="img"
          src={logoUrl}
          alt=""
          data-testid="console-logo"
          sx={{ display: 'block', mx: 'auto', maxHeight: 48, maxWidth: 200, mb: 1 }}
        />
      )}
      {company && <span data-testid="company">{company}</span>}
      <br />
      <span data-testid="console-title">{title}</span>
    </Typography>
  );
};

type Step =
  | { name: 'password' }
  | { name: 'code'; challengeToken: string; message: string }
  | { name: 'enrol'; challengeToken: string; message: string; enrolment?: SecondFactorEnrolment }
  | { name: 'codes'; confirmed: SecondFactorConfirmed & TokenAnswer };

/**
 * The operator's login in steps: id and password, then the authenticator code; an OWNER or ACCOUNTANT
 * without a second factor is led through enrolment (QR, first code, recovery codes shown once) first.
 */
const OperatorLoginForm = () => {
  const login = useLogin();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const { busy, run } = useBusyRun();

  const finish = (pair: TokenAnswer) => login(pair);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    void run(async () => {
      if (step.name === 'password') {
        const answer = await authCall<TokenAnswer | SecondFactorChallenge>('login', {
          id: String(form.get('username') ?? ''),
          password: String(form.get('password') ?? ''),
        });
        if ('accessToken' in answer) return finish(answer);
        if (answer.twoFactor === 'code') return setStep({ name: 'code', ...answer });
        const enrolment = await authCall<SecondFactorEnrolment>('totp/login/enrol', {
          challengeToken: answer.challengeToken,
        });
        return setStep({ name: 'enrol', ...answer, enrolment });
      }
      if (step.name === 'code')
        return finish(await authCall<TokenAnswer>('totp/login', { challengeToken: step.challengeToken, code }));
      if (step.name === 'enrol') {
        const confirmed = await authCall<SecondFactorConfirmed & TokenAnswer>('totp/login/confirm', {
          challengeToken: step.challengeToken,
          code,
        });
        return setStep({ name: 'codes', confirmed });
      }
      return finish(step.confirmed);
    });
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {step.name === 'password' && (
        <>
          <TextField name="username" label="아이디" autoComplete="username" required autoFocus size="small" />
          <TextField
            name="password"
            label="비밀번호"
            type="password"
            autoComplete="current-password"
            required
            size="small"
          />
        </>
      )}
      {(step.name === 'code' || step.name === 'enrol') && (
        <>
          <Typography variant="body2" data-testid="second-factor-message">
            {step.message}
          </Typography>
          {step.name === 'enrol' && step.enrolment && <EnrolmentCard {...step.enrolment} />}
          <TextField
            name="code"
            label={step.name === 'code' ? '인증 코드 또는 복구 코드' : '인증 앱의 6자리 코드'}
            autoComplete="one-time-code"
            inputProps={{ inputMode: step.name === 'enrol' ? 'numeric' : 'text', maxLength: 11 }}
            required
            autoFocus
            size="small"
          />
        </>
      )}
      {step.name === 'codes' && <RecoveryCodes codes={step.confirmed.recoveryCodes} />}
      <Button type="submit" variant="contained" disabled={busy}>
        {step.name === 'password' ? '로그인' : step.name === 'codes' ? '복구 코드를 적어 두었습니다' : '확인'}
      </Button>
      {step.name !== 'password' && step.name !== 'codes' && (
        <Button size="small" onClick={() => setStep({ name: 'password' })}>
          처음부터 다시 로그인
        </Button>
      )}
    </Box>
  );
};

export const LoginPage = () => (
  <Login>
    <SiteName />
    <OperatorLoginForm />
  </Login>
);
