import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/ui/card';
import { TOSS_MESSAGES, type TossConfirmResult } from '../../../lib/contracts';
import { errorMessage } from '../../../lib/api-client';
import { confirmTossPayment, refreshAfterTossConfirm } from '../api/toss';
import { TossResult } from '../components/toss-result';

/** Toss's successUrl: confirms the payment with our server (which checks the amount and asks Toss), once. */
export default function TossSuccessRoute() {
  const [params] = useSearchParams();
  const [result, setResult] = useState<TossConfirmResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const input = {
      paymentKey: params.get('paymentKey') ?? '',
      orderId: params.get('orderId') ?? '',
      amount: Number(params.get('amount')),
    };
    confirmTossPayment(input)
      .then((answer) => {
        setResult(answer);
        refreshAfterTossConfirm();
      })
      .catch((e: unknown) => setError(errorMessage(e, TOSS_MESSAGES.failed)));
  }, [params]);
  return (
    <div className="page">
      <PageTitle sub="토스페이먼츠 결제 결과입니다.">잔액충전</PageTitle>
      <TossResult result={result} error={error} />
    </div>
  );
}
