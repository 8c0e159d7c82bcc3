import { useState } from 'react';
import { Card, PageTitle } from '../../../components/ui/card';
import { MaintenanceBanner } from '../../../components/maintenance-banner';
import { refusalMessage } from '../../../lib/api-client';
import { MASS_ORDER_MAX_LINES, massOrderLines, type MassOrderAnswer } from '../../../lib/contracts';
import { swapFlags, won } from '../../../lib/format';
import { useMassPlace, useMassPreview } from '../api/mass-order';
import { OrderTabs } from '../components/order-tabs';
import { massLineErrors } from '../lib/mass-line-errors';
import './mass-order.css';

const EXAMPLE = ['123 | https://www.instagram.com/p/abc | 100', '124, https://www.instagram.com/p/def, 500'].join('\n');

/** /order/mass (대량 주문): one order a line, a preview with every line's price or error, then one placement. */
export default function MassOrderRoute() {
  const [text, setText] = useState('');
  const preview = useMassPreview();
  const place = useMassPlace();
  const [answer, setAnswer] = useState<MassOrderAnswer | null>(null);
  const lines = massOrderLines(text).length;
  const busy = preview.isPending || place.isPending;
  const failure = preview.error ?? place.error;

  const run = async (placing: boolean) => {
    setAnswer(null);
    setAnswer(await (placing ? place : preview).mutateAsync(text).catch(() => null));
  };

  return (
    <div className="page order-page">
      <PageTitle sub="여러 주문을 한 번에 접수합니다. 한 줄에 주문 하나씩 입력해 주세요.">대량 주문</PageTitle>
      <MaintenanceBanner />
      <OrderTabs />
      <Card title="주문 입력">
        <p className="muted small">
          형식: <code>서비스번호 | 링크 | 수량</code> (쉼표나 탭으로 나눠도 됩니다). 커스텀 댓글 상품은 링크 뒤에 댓글을{' '}
          <code>|</code>로 나눠 적고, 패키지 상품은 수량 없이 적습니다. 최대 {MASS_ORDER_MAX_LINES}줄.
        </p>
        <label className="field">
          <span className="field-label">
            주문 목록 ({lines}/{MASS_ORDER_MAX_LINES}줄)
          </span>
          <textarea
            className="input textarea mass-input"
            value={text}
            placeholder={EXAMPLE}
            spellCheck={false}
            onChange={(e) => {
              setText(e.target.value);
              setAnswer(null);
            }}
          />
        </label>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || lines === 0}
            onClick={() => void run(false)}
          >
            미리보기
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || lines === 0 || !answer || answer.placed || answer.errors > 0 || answer.shortfall > 0}
            onClick={() => void run(true)}
          >
            {answer && answer.count > 0 ? `${answer.count}건 주문하기 (${won(answer.total)})` : '주문하기'}
          </button>
        </div>
        {failure && !answer ? (
          <p className="mass-message mass-message-bad" role="alert">
            {refusalMessage(failure, '대량 주문을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.')}
          </p>
        ) : null}
      </Card>
      {answer ? <MassAnswer answer={answer} /> : null}
    </div>
  );
}

function MassAnswer({ answer }: { answer: MassOrderAnswer }) {
  const bad = !answer.placed && (answer.errors > 0 || answer.shortfall > 0);
  return (
    <Card title={answer.placed ? '주문 결과' : '미리보기'}>
      {answer.message || answer.errors > 0 ? (
        <p className={`mass-message${bad ? ' mass-message-bad' : ''}`} role={bad ? 'alert' : 'status'}>
          {answer.message ?? `오류가 있는 줄이 ${answer.errors}개 있습니다. 고친 뒤 다시 미리보기 해 주세요.`}
        </p>
      ) : null}
      <dl className="mass-summary">
        <div>
          <dt>주문 가능</dt>
          <dd>{answer.count}건</dd>
        </div>
        <div>
          <dt>오류</dt>
          <dd>{answer.errors}줄</dd>
        </div>
        <div>
          <dt>합계</dt>
          <dd>{won(answer.total)}</dd>
        </div>
        <div>
          <dt>{answer.placed ? '남은 포인트' : '보유 포인트'}</dt>
          <dd>{won(answer.balance)}</dd>
        </div>
        {answer.shortfall > 0 ? (
          <div>
            <dt>부족한 포인트</dt>
            <dd className="mass-message-bad">{won(answer.shortfall)}</dd>
          </div>
        ) : null}
      </dl>
      <ol className="mass-lines">
        {answer.lines.map((line) => (
          <li key={line.line} className={`mass-line${line.error ? ' mass-line-bad' : ''}`}>
            <span className="mass-line-no">{line.line}</span>
            <span className="mass-line-text">
              {line.service ? `[${line.serviceId}] ${swapFlags(line.service)}` : line.text}
              {line.service ? <span className="muted small"> · {line.link}</span> : null}
              {line.amount !== null ? (
                <span className="muted small"> · {line.amount.toLocaleString('ko-KR')}개</span>
              ) : null}
              {massLineErrors(line).map((message) => (
                <span key={message} className="mass-line-error">
                  {message}
                </span>
              ))}
              {line.orderId !== null ? <span className="muted small"> · 주문번호 {line.orderId}</span> : null}
            </span>
            <span className="mass-line-price">{line.point !== null ? won(line.point) : '—'}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
