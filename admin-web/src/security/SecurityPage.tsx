import { useEffect, useState, type FormEvent } from 'react';
import { Title, useLogout, useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SessionsCard } from './SessionsCard';
import { EnrolmentCard, RecoveryCodes } from '../common/RecoveryCodes';
import {
  authCall,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '../common/secondFactorApi';
import { useBusyRun } from '../common/useBusyRun';

/**
 * New recovery codes for an enrolled factor (after a code from the app): the old ones stop working. An operator
 * with none left (an owner started from ADMIN_TOTP_SECRET has never had any) is told to issue them.
 */
const NewRecoveryCodes = ({ left, onIssued }: { left: number; onIssued: (count: number) => void }) => {
  const [issued, setIssued] = useState<{ message: string; recoveryCodes: string[] } | null>(null);
  const { busy, run } = useBusyRun();
  if (issued)
    return (
      <>
        <Alert severity="success">{issued.message}</Alert>
        <RecoveryCodes codes={issued.recoveryCodes} />
      </>
    );
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        const code = String(new FormData(e.currentTarget).get('recovery-issue-code') ?? '').trim();
        void run(async () => {
          const answer = await authCall<{ message: string; recoveryCodes: string[] }>('totp/recovery-codes', { code });
          setIssued(answer);
          onIssued(answer.recoveryCodes.length);
        });
      }}
    >
      {left === 0 ? (
        <Alert severity="warning" data-testid="no-recovery-codes">
          복구 코드가 없습니다. 휴대폰을 잃어버리면 로그인할 수 없으니 지금 새로 발급해 안전한 곳에 보관하세요.
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          복구 코드를 새로 발급하면 지금까지의 복구 코드는 더 이상 쓸 수 없습니다.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          name="recovery-issue-code"
          label="인증 앱의 6자리 코드"
          inputProps={{ inputMode: 'numeric', maxLength: 6 }}
          required
          size="small"
        />
        <Button type="submit" variant={left === 0 ? 'contained' : 'outlined'} disabled={busy}>
          복구 코드 새로 발급
        </Button>
      </Box>
    </Box>
  );
};

/**
 * 내 보안 설정: the operator's own second factor and logged-in devices. Any operator may turn it on (QR, first code, recovery codes
 * shown once); only roles that do not require it may turn it off. Either change ends every session, this one too.
 */
export const SecurityPage = () => {
  const notify = useNotify();
  const logout = useLogout();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [done, setDone] = useState<{ message: string; recoveryCodes?: string[] } | null>(null);
  const { busy, run } = useBusyRun();

  useEffect(() => {
    authCall<SecondFactorStatus>('totp').then(setStatus, (e: Error) => notify(e.message, { type: 'error' }));
  }, [notify]);

  const codeOf = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return String(new FormData(event.currentTarget).get('code') ?? '').trim();
  };

  return (
    <>
      <Card sx={{ mt: 2, maxWidth: 560 }}>
        <Title title="내 보안 설정" />
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography variant="h6">2단계 인증</Typography>
          {done ? (
            <>
              <Alert severity="success">{done.message}</Alert>
              {done.recoveryCodes && <RecoveryCodes codes={done.recoveryCodes} />}
              <Button variant="contained" onClick={() => void logout()}>
                다시 로그인
              </Button>
            </>
          ) : !status ? null : status.enabled ? (
            <>
              <Typography data-testid="totp-status">
                사용 중입니다. 남은 복구 코드 {status.recoveryCodesLeft}개.
              </Typography>
              <NewRecoveryCodes
                left={status.recoveryCodesLeft}
                onIssued={(count) => setStatus({ ...status, recoveryCodesLeft: count })}
              />
              {status.required ? (
                <Typography variant="body2" color="text.secondary">
                  이 역할은 2단계 인증이 필수라 끌 수 없습니다.
                </Typography>
              ) : (
                <Box
                  component="form"
                  sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
                  onSubmit={(e) => {
                    const code = codeOf(e);
                    void run(async () => setDone(await authCall<{ message: string }>('totp/disable', { code })));
                  }}
                >
                  <TextField name="code" label="인증 코드 또는 복구 코드" required size="small" />
                  <Button type="submit" variant="outlined" color="error" disabled={busy}>
                    2단계 인증 끄기
                  </Button>
                </Box>
              )}
            </>
          ) : enrolment ? (
            <Box
              component="form"
              sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
              onSubmit={(e) => {
                const code = codeOf(e);
                void run(async () => setDone(await authCall<SecondFactorConfirmed>('totp/confirm', { code })));
              }}
            >
              <Typography variant="body2">
                인증 앱(Google Authenticator 등)으로 QR 코드를 찍고 앱에 나온 6자리 코드를 입력하세요.
              </Typography>
              <EnrolmentCard {...enrolment} />
              <TextField
                name="code"
                label="인증 앱의 6자리 코드"
                inputProps={{ inputMode: 'numeric' }}
                required
                size="small"
              />
              <Button type="submit" variant="contained" disabled={busy}>
                확인
              </Button>
            </Box>
          ) : (
            <>
              <Typography data-testid="totp-status">사용하지 않습니다.</Typography>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() =>
                  void run(async () => setEnrolment(await authCall<SecondFactorEnrolment>('totp/enrol', {})))
                }
              >
                2단계 인증 켜기
              </Button>
            </>
          )}
        </CardContent>
      </Card>
      {!done && <SessionsCard />}
    </>
  );
};
