import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import type { MemberSubscription } from '../api/subscriptions';
import SubscriptionHistoryRoute from './subscription-history';

const row = (
  id: number,
  status: MemberSubscription['status'],
  statusLabel: string,
  refunded = 0,
): MemberSubscription => ({
  id,
  serviceId: 50,
  username: `user${id}`,
  min: 50,
  max: 100,
  posts: 4,
  postsUsed: 2,
  delay: 30,
  expiry: id === 1 ? '2027-01-31' : null,
  point: 800,
  used: 400,
  refunded,
  debited: 0,
  pauseReason: null,
  status,
  statusLabel,
  orders: [11, 12],
  cancelRequested: false,
  cancelRefusal: null,
  createdAt: new Date(2026, 10, 24, 12, 0, 0).toISOString(),
});

describe('subscription history', () => {
  it("lists the member's subscriptions with their posts so far and cancels a running one (the unused part is refunded)", async () => {
    const calls = stubFetch({
      'GET /service/subscriptions': { body: [row(1, 'ACTIVE', '진행중'), row(2, 'CANCELED', '취소', 400)] },
      'POST /service/subscriptions/1/cancel': { body: row(1, 'CANCELED', '취소', 400) },
    });
    window.confirm = () => true;
    renderWithProviders(<SubscriptionHistoryRoute />);
    await screen.findByText('user1');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('2/4')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2027-01-31')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('환불 400원')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: '구독 취소' })).not.toBeInTheDocument();
    await act(async () => void fireEvent.click(within(rows[0]!).getByRole('button', { name: '구독 취소' })));
    expect(await screen.findByText('구독을 취소했습니다. 400원을 환불했습니다.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/service/subscriptions/1/cancel')).toBe(true);
    expect(screen.getByRole('link', { name: '구독 내역' })).toBeInTheDocument();
  });

  it('an open-ended one shows its posts as 무제한, what its posts were debited, and why it paused', async () => {
    stubFetch({
      'GET /service/subscriptions': {
        body: [
          {
            ...row(3, 'PAUSED', '일시정지'),
            posts: 0,
            point: 0,
            used: 0,
            debited: 500,
            pauseReason: '포인트가 부족해 새 게시물 주문을 넣지 못하고 구독이 일시정지되었습니다.',
          },
        ],
      },
    });
    renderWithProviders(<SubscriptionHistoryRoute />);
    await screen.findByText('user3');
    const [first] = screen.getAllByRole('row').slice(1);
    expect(within(first!).getByText('2/무제한')).toBeInTheDocument();
    expect(within(first!).getByText('500원 / 500원')).toBeInTheDocument();
    expect(
      within(first!).getByText('포인트가 부족해 새 게시물 주문을 넣지 못하고 구독이 일시정지되었습니다.'),
    ).toBeInTheDocument();
  });
});
