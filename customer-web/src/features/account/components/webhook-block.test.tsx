import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderRoutes, stubFetch } from '../../../testing/render';
import { webhookDeliveriesQueryOptions, webhookQueryOptions } from '../api/webhook';
import { WebhookBlock } from './webhook-block';

const delivery = {
  id: 7,
  messageId: 'msg_1',
  event: 'order.updated',
  status: 'SENT',
  attempts: 1,
  lastStatus: 200,
  lastAnswer: '{"received":true}',
  payload: {},
  createdAt: '2026-11-26T00:00:00.000Z',
  sentAt: '2026-11-26T00:00:01.000Z',
};
const failing = (id: number) => ({
  ...delivery,
  id,
  status: 'PENDING',
  attempts: 4,
  lastStatus: null,
  lastAnswer: 'unreachable (ERR_TLS_CERT_ALTNAME_INVALID)',
  sentAt: null,
});

const setup = (webhook: { url: string | null; secretHint?: string | null }, deliveries: unknown[] = [delivery]) =>
  renderRoutes([{ path: '/account', element: <WebhookBlock /> }], {
    path: '/account',
    state: 'authorization',
    seed: [
      [webhookQueryOptions.queryKey, webhook],
      [webhookDeliveriesQueryOptions.queryKey, webhook.url ? deliveries : []],
    ],
  });
const click = (name: string) => act(async () => void fireEvent.click(screen.getAllByRole('button', { name })[0]!));

describe('the webhook block of the account page', () => {
  it('shows the secret once when saving makes the webhook, then only its last 4 characters', async () => {
    const calls = stubFetch({
      'PUT /auth/webhook': {
        body: { url: 'https://hooks.example.com/a', secretHint: 'wxyz', secret: 'whsec_abcwxyz' },
      },
      'GET /auth/webhook': { body: { url: 'https://hooks.example.com/a', secretHint: 'wxyz' } },
      'GET /auth/webhook/deliveries': { body: [] },
    });
    setup({ url: null, secretHint: null });
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: ' https://hooks.example.com/a ' } });
    await click('저장');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/auth/webhook', { url: 'https://hooks.example.com/a' }],
    ]);
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abcwxyz');
    expect(screen.getByText('서명 키는 지금 한 번만 보여 드립니다.')).toBeInTheDocument();
    await click('저장했습니다');
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(screen.getByTestId('webhook-secret-hint')).toHaveTextContent('whsec_…wxyz');
    expect(await screen.findByText('아직 보낸 이벤트가 없습니다. 테스트 이벤트를 보내 보세요.')).toBeInTheDocument();
  });

  it('saving an existing webhook (no secret in the answer) shows no secret', async () => {
    stubFetch({
      'PUT /auth/webhook': { body: { url: 'https://h.example.com/b', secretHint: 'abcd' } },
      'GET /auth/webhook': { body: { url: 'https://h.example.com/b', secretHint: 'abcd' } },
      'GET /auth/webhook/deliveries': { body: [delivery] },
    });
    setup({ url: 'https://h.example.com', secretHint: 'abcd' });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://h.example.com/b' } });
    await click('저장');
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(screen.getByTestId('webhook-secret-hint')).toHaveTextContent('whsec_…abcd');
  });

  it('rotates the secret (shown once), sends a test event and replays a delivery from the log', async () => {
    const calls = stubFetch({
      'POST /auth/webhook/rotate': { body: { url: 'https://h.example.com', secret: 'whsec_new1' } },
      'POST /auth/webhook/test': { body: delivery },
      'POST /auth/webhook/deliveries/7/replay': { body: delivery },
      'GET /auth/webhook': { body: { url: 'https://h.example.com', secretHint: 'new1' } },
      'GET /auth/webhook/deliveries': { body: [delivery] },
    });
    setup({ url: 'https://h.example.com', secretHint: 'old1' });
    const log = screen.getByTestId('webhook-deliveries');
    expect(within(log).getByText('주문 상태 변경')).toHaveAttribute('title', 'order.updated');
    expect(within(log).getByText('발송됨')).toBeInTheDocument();
    expect(within(log).getByText('정상 수신 (HTTP 200)')).toBeInTheDocument();
    await click('서명 키 재발급');
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_new1');
    await click('테스트 이벤트 보내기');
    await click('다시 보내기');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/auth/webhook/rotate',
      '/auth/webhook/test',
      '/auth/webhook/deliveries/7/replay',
    ]);
  });

  it('says failures in Korean, a retry after failures as such, and shows 10 at a time', async () => {
    setup(
      { url: 'https://h.example.com', secretHint: 'abcd' },
      Array.from({ length: 23 }, (_, i) => failing(100 - i)),
    );
    const log = screen.getByTestId('webhook-deliveries');
    expect(within(log).getAllByText('재시도 대기 (4회 실패)')).toHaveLength(10);
    expect(within(log).getAllByText('보안 인증서(TLS)가 이 주소의 것이 아닙니다')[0]).toHaveAttribute(
      'title',
      'unreachable (ERR_TLS_CERT_ALTNAME_INVALID)',
    );
    expect(log).not.toHaveTextContent('발송 대기');
    expect(screen.getByText('최근 23건 중 10건')).toBeInTheDocument();
    await click('더 보기');
    await click('더 보기');
    expect(within(log).getAllByRole('button', { name: '다시 보내기' })).toHaveLength(23);
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
  });
});
