import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/ui/card';
import { TOSS_MESSAGES } from '../../../lib/contracts';
import { reportTossFailure } from '../api/toss';
import { TossResult } from '../components/toss-result';

/** Toss's failUrl (code, message, orderId): closes the unpaid charge and says why in Korean. */
export default function TossFailRoute() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [message, setMessage] = useState<string>(
    code === 'PAY_PROCESS_CANCELED' ? TOSS_MESSAGES.canceledByUser : params.get('message') || TOSS_MESSAGES.failed,
  );
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const orderId = params.get('orderId');
    if (!orderId) return;
    reportTossFailure({ orderId, code, message: params.get('message') ?? undefined })
      .then((answer) => setMessage(answer.message))
      .catch(() => undefined);
  }, [params, code]);
  return (
    <div className="page">
      <PageTitle sub="토스페이먼츠 결제 결과입니다.">잔액충전</PageTitle>
      <TossResult result={null} error={message} />
    </div>
  );
}
