import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { refusalMessage } from '../../../lib/api-client';
import { MESSAGES, type SecondFactorEnrolment } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';
import { copyText, downloadText } from '../../../lib/clipboard';
import { useBrand } from '../../../lib/brand';
import {
  confirmSecondFactor,
  disableSecondFactor,
  enrolSecondFactor,
  refreshSecondFactor,
  renewRecoveryCodes,
  useSecondFactorStatus,
} from '../api/second-factor';
import { unlessGuest } from './guest-guard';

/**
 * 2단계 인증 (/account), optional for members: turn it on (QR, first code, recovery codes shown once) or off
 * with a code. Either change logs out every device, this one too.
 */
export function SecondFactorBlock() {
  const navigate = useNavigate();
  const data = useSecondFactorStatus();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  // Recovery codes shown once: after turning 2FA on (every session ended: log in again) or renewing them.
  const [codes, setCodes] = useState<{ list: string[]; after: 'login' | 'close' } | null>(null);
  const [code, setCode] = useState('');
  const { name } = useBrand();

  const attempt = (work: () => Promise<void>) =>
    unlessGuest(async () => {
      try {
        await work();
      } catch (error) {
        toast.error(refusalMessage(error, MESSAGES.error));
      }
    });

  const start = () => attempt(async () => setEnrolment(await loading.during(enrolSecondFactor())));
  const confirm = () =>
    attempt(async () => {
      const done = await loading.during(confirmSecondFactor(code.trim()));
      toast.success(done.message);
      setCodes({ list: done.recoveryCodes, after: 'login' });
    });
  const cancel = () => {
    setEnrolment(null);
    setCode('');
  };
  const renew = () =>
    attempt(async () => {
      const done = await loading.during(renewRecoveryCodes(code.trim()));
      toast.success(done.message);
      setCode('');
      setCodes({ list: done.recoveryCodes, after: 'close' });
      void refreshSecondFactor();
    });
  const codesText = (list: string[]) =>
    [`${name} 2단계 인증 복구 코드`, '각 코드는 한 번만 쓸 수 있습니다.', '', ...list, ''].join('\n');
  const disable = () =>
    attempt(async () => {
      const done = await loading.during(disableSecondFactor(code.trim()));
      toast.success(done.message);
      void navigate(paths.logout, { state: { next: paths.login } });
    });

  return (
    <Card title="2단계 인증">
      <div data-testid="second-factor">
        {codes ? (
          <>
            <p>
              복구 코드는 지금 한 번만 보여 드립니다. 휴대폰을 잃어버렸을 때 인증 코드 대신 한 번씩 쓸 수 있으니 안전한
              곳에 적어 두세요.
            </p>
            <ol className="recovery-codes" data-testid="recovery-codes">
              {codes.list.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ol>
            <div className="button-row">
              <Button
                variant="secondary"
                onClick={() => void copyText(codes.list.join('\n'), '복구 코드를 복사했습니다.')}
              >
                복사
              </Button>
              <Button variant="secondary" onClick={() => downloadText('recovery-codes.txt', codesText(codes.list))}>
                파일로 저장 (.txt)
              </Button>
              {codes.after === 'login' ? (
                <Button onClick={() => void navigate(paths.logout, { state: { next: paths.login } })}>
                  다시 로그인
                </Button>
              ) : (
                <Button onClick={() => setCodes(null)}>확인</Button>
              )}
            </div>
          </>
        ) : data?.enabled ? (
          <>
            <p>
              사용 중입니다. 남은 복구 코드 {data.recoveryCodesLeft}개.
              {data.recoveryCodesLeft === 0
                ? ' 휴대폰을 잃어버리면 로그인할 수 없으니 복구 코드를 새로 받아 두세요.'
                : ''}
            </p>
            <Input
              label="인증 코드 또는 복구 코드"
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <div className="button-row">
              <Button variant="secondary" onClick={renew} disabled={code.trim() === ''}>
                복구 코드 새로 받기
              </Button>
              <Button variant="secondary" onClick={disable} disabled={code.trim() === ''}>
                2단계 인증 끄기
              </Button>
            </div>
          </>
        ) : enrolment ? (
          <>
            <p>인증 앱(Google Authenticator 등)으로 QR 코드를 찍고 앱에 나온 6자리 코드를 입력하세요.</p>
            <img
              src={enrolment.qrDataUrl}
              alt="인증 앱 등록 QR 코드"
              width={200}
              height={200}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
            <p>
              QR을 찍을 수 없으면 이 키를 직접 입력하세요:{' '}
              <code style={{ overflowWrap: 'anywhere' }}>{enrolment.secret}</code>
            </p>
            <Input
              label="인증 앱의 6자리 코드"
              name="code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <div className="button-row">
              <Button onClick={confirm} disabled={code.trim() === ''}>
                확인
              </Button>
              <Button variant="ghost" onClick={cancel}>
                취소
              </Button>
            </div>
          </>
        ) : (
          <>
            <p>로그인할 때 비밀번호와 함께 인증 앱의 코드를 확인합니다. 사용하지 않습니다.</p>
            <Button onClick={start}>2단계 인증 켜기</Button>
          </>
        )}
      </div>
    </Card>
  );
}
