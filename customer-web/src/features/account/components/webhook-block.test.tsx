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

const setup = (webhook: { url: string | null; secret: string | null }) =>
  renderRoutes([{ path: '/account', element: <WebhookBlock /> }], {
    path: '/account',
    seed: [
      [webhookQueryOptions.queryKey, webhook],
      [webhookDeliveriesQueryOptions.queryKey, webhook.url ? [delivery] : []],
    ],
  });
const click = (name: string) => act(async () => void fireEvent.click(screen.getAllByRole('button', { name })[0]!));

describe('the webhook block of the account page', () => {
  it('saves the URL and shows no secret before one is set', async () => {
    const calls = stubFetch({
      'PUT /auth/webhook': { body: { url: 'https://hooks.example.com/a', secret: 'whsec_abc' } },
    });
    setup({ url: null, secret: null });
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: ' https://hooks.example.com/a ' } });
    await click('저장');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/auth/webhook', { url: 'https://hooks.example.com/a' }],
    ]);
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abc');
  });

  it('rotates the secret, sends a test event and replays a delivery from the log', async () => {
    const calls = stubFetch({
      'POST /auth/webhook/rotate': { body: { url: 'https://h.example.com', secret: 'whsec_new' } },
      'POST /auth/webhook/test': { body: delivery },
      'POST /auth/webhook/deliveries/7/replay': { body: delivery },
      'GET /auth/webhook': { body: { url: 'https://h.example.com', secret: 'whsec_new' } },
      'GET /auth/webhook/deliveries': { body: [delivery] },
    });
    setup({ url: 'https://h.example.com', secret: 'whsec_old' });
    const log = screen.getByTestId('webhook-deliveries');
    expect(within(log).getByText('order.updated')).toBeInTheDocument();
    expect(within(log).getByText('발송됨')).toBeInTheDocument();
    await click('서명 키 재발급');
    expect(await screen.findByText('whsec_new')).toBeInTheDocument();
    await click('테스트 이벤트 보내기');
    await click('다시 보내기');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/auth/webhook/rotate',
      '/auth/webhook/test',
      '/auth/webhook/deliveries/7/replay',
    ]);
  });
});
