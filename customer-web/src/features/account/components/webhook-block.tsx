import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import {
  deliveryEventLabel,
  deliveryFailureLabel,
  deliveryStateLabel,
  type WebhookDeliveryView,
} from '../../../lib/contracts';
import { formatDateTime } from '../../../lib/format';
import {
  replayWebhook,
  rotateWebhookSecret,
  saveWebhook,
  secretHintOf,
  sendTestWebhook,
  useWebhook,
  useWebhookDeliveries,
} from '../api/webhook';
import { accountAction } from './guest-guard';

/** How many deliveries the log shows at first, and how many more each 더 보기 adds. */
export const DELIVERY_PAGE = 10;

/** What the receiver answered, in Korean: why it failed, or that it took the event. */
export function deliveryAnswer(d: Pick<WebhookDeliveryView, 'status' | 'lastStatus' | 'lastAnswer'>): string {
  if (d.status === 'SENT') return d.lastStatus ? `정상 수신 (HTTP ${d.lastStatus})` : '정상 수신';
  return deliveryFailureLabel(d.lastAnswer, d.lastStatus) ?? '-';
}

/** The signing secret shown the one time the server answers it, with a copy button. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="secret-once" role="status">
      <p>
        <strong>서명 키는 지금 한 번만 보여 드립니다.</strong> 복사해서 수신 서버에 저장해 주세요. 이 화면을 떠나면 끝
        4자리만 보입니다.
      </p>
      <code className="api-key" data-testid="webhook-secret">
        {secret}
      </code>
      <div className="button-row">
        <Button variant="secondary" onClick={() => void copyText(secret, '서명 키를 복사했습니다.')}>
          복사
        </Button>
        <Button variant="ghost" onClick={onDone}>
          저장했습니다
        </Button>
      </div>
    </div>
  );
}

/**
 * The API section's webhook: URL, signing secret (shown once when made or rotated, then its last 4
 * characters), a test event, and the latest deliveries (10 at a time, 다시 보내기), cards on a phone.
 */
export function WebhookBlock() {
  const webhook = useWebhook();
  const { data: deliveries, isLoading } = useWebhookDeliveries(!!webhook?.url);
  const [url, setUrl] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [shownCount, setShownCount] = useState(DELIVERY_PAGE);
  const shown = url ?? webhook?.url ?? '';
  const hint = secretHintOf(webhook);
  const save = accountAction(async () => {
    const made = await saveWebhook(shown.trim());
    if (made) setSecret(made);
  }, '웹훅 URL을 저장했습니다.');
  const rotate = accountAction(async () => {
    setSecret(await rotateWebhookSecret());
  }, '서명 키를 새로 발급했습니다. 수신 서버의 키도 바꿔 주세요.');
  const test = accountAction(sendTestWebhook, '테스트 이벤트를 보냈습니다.');
  const all = deliveries ?? [];
  const rows = all.slice(0, shownCount);

  const columns: Column<WebhookDeliveryView>[] = [
    {
      header: '번호',
      cell: (d) => (
        <span className="nowrap">
          #{d.id} <span className="muted small">{formatDateTime(d.createdAt)}</span>
        </span>
      ),
    },
    { header: '이벤트', cell: (d) => <span title={d.event}>{deliveryEventLabel(d.event)}</span>, className: 'nowrap' },
    {
      header: '상태',
      cell: (d) => <span data-testid="delivery-state">{deliveryStateLabel(d)}</span>,
      className: 'nowrap',
    },
    {
      header: '응답',
      cell: (d) => <span title={d.lastAnswer ?? undefined}>{deliveryAnswer(d)}</span>,
    },
    {
      header: '',
      cell: (d) => (
        <Button
          variant="secondary"
          className="nowrap"
          onClick={accountAction(() => replayWebhook(d.id), '다시 보냅니다.')}
        >
          다시 보내기
        </Button>
      ),
    },
  ];

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
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      {webhook?.url ? (
        <>
          <div className="key-row">
            {secret ? null : (
              <span data-testid="webhook-secret-hint">
                서명 키 <code>whsec_…{hint ?? '????'}</code>
              </span>
            )}
            <div className="button-row">
              <Button variant="secondary" onClick={rotate}>
                서명 키 재발급
              </Button>
              <Button variant="secondary" onClick={test}>
                테스트 이벤트 보내기
              </Button>
            </div>
          </div>
          <h3>최근 발송 내역</h3>
          <DataTable
            cards
            testId="webhook-deliveries"
            columns={columns}
            rows={rows}
            rowKey={(d) => d.id}
            loading={isLoading}
            empty="아직 보낸 이벤트가 없습니다. 테스트 이벤트를 보내 보세요."
          />
          {all.length > 0 ? (
            <div className="list-more">
              <span className="muted small">
                최근 {all.length}건 중 {rows.length}건
              </span>
              {all.length > rows.length ? (
                <Button variant="secondary" onClick={() => setShownCount((n) => n + DELIVERY_PAGE)}>
                  더 보기
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
