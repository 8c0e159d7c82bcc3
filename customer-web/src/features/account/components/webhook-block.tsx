import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { DELIVERY_STATUS_LABELS } from '../../../lib/contracts';
import {
  replayWebhook,
  rotateWebhookSecret,
  saveWebhook,
  sendTestWebhook,
  useWebhook,
  useWebhookDeliveries,
} from '../api/webhook';
import { accountAction } from './guest-guard';

/** The API section's webhook: URL, signing secret (rotate), a test event, and the last 100 deliveries (replay). */
export function WebhookBlock() {
  const webhook = useWebhook();
  const deliveries = useWebhookDeliveries(!!webhook?.url);
  const [url, setUrl] = useState<string | null>(null);
  const shown = url ?? webhook?.url ?? '';
  const save = accountAction(() => saveWebhook(shown.trim()), '웹훅 URL을 저장했습니다.');
  const rotate = accountAction(rotateWebhookSecret, '서명 키를 새로 발급했습니다. 수신 서버의 키도 바꿔 주세요.');
  const test = accountAction(sendTestWebhook, '테스트 이벤트를 보냈습니다.');
  return (
    <Card title="웹훅" actions={<Link to={paths.apiDocs}>웹훅 문서 보기</Link>}>
      <p className="muted">
        주문·리필·구독 상태와 잔액이 바뀌면 이 주소로 서명된 이벤트(Standard Webhooks)를 보냅니다. 상태를 반복해서
        조회하지 않아도 됩니다.
      </p>
      <div className="key-row">
        <Input
          label="웹훅 URL"
          placeholder="https://example.com/webhooks/smm"
          value={shown}
          onChange={(e) => setUrl(e.target.value)}
          data-testid="webhook-url"
        />
        <Button variant="secondary" onClick={save}>
          저장
        </Button>
      </div>
      {webhook?.secret ? (
        <>
          <div className="key-row">
            <code className="api-key" data-testid="webhook-secret">
              {webhook.secret}
            </code>
            <Button variant="secondary" onClick={rotate}>
              서명 키 재발급
            </Button>
            <Button variant="secondary" onClick={test}>
              테스트 이벤트 보내기
            </Button>
          </div>
          <h3>최근 발송 내역</h3>
          <div className="table-wrap">
            <table className="table" data-testid="webhook-deliveries">
              <thead>
                <tr>
                  <th>번호</th>
                  <th>이벤트</th>
                  <th>상태</th>
                  <th>시도</th>
                  <th>응답</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {(deliveries ?? []).map((d) => (
                  <tr key={d.id}>
                    <td>{d.id}</td>
                    <td>{d.event}</td>
                    <td>{DELIVERY_STATUS_LABELS[d.status]}</td>
                    <td>{d.attempts}</td>
                    <td className="muted">
                      {d.lastStatus ?? '-'} {(d.lastAnswer ?? '').slice(0, 80)}
                    </td>
                    <td>
                      <Button variant="secondary" onClick={accountAction(() => replayWebhook(d.id), '다시 보냅니다.')}>
                        다시 보내기
                      </Button>
                    </td>
                  </tr>
                ))}
                {deliveries?.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="muted">
                      아직 보낸 이벤트가 없습니다.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Card>
  );
}
