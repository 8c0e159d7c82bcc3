import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import type { AutoOrder } from '../api/get-auto-order-history';
import type { Order } from '../api/get-order-history';
import AutoOrderHistoryRoute from './auto-order-history';
import OrderHistoryRoute from './order-history';

const order = (i: number, status: Order['status']): Order => ({
  id: 1000 + i,
  createdAt: new Date(2026, 0, 2, 3, 4, 5 + i).toISOString(),
  serviceId: 7,
  service: '인스타 좋아요',
  link: `https://instagram.com/p/${i}`,
  point: 12345,
  amount: 100,
  status,
  startCount: i === 0 ? -1 : i === 1 ? null : 1500,
  remains: 5,
  runs: 0,
  completed: 0,
  interval: 0,
});
const page = <T,>(rows: T[], total: number) => ({ body: rows, headers: { 'X-Total-Count': String(total) } });
const bodyRows = () => screen.getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('order history', () => {
  const firstPage = Array.from({ length: 10 }, (_, i) => order(i, 'PENDING'));

  it('shows 취소 요청됨 while the provider has the cancel, its refusal, and sends a cancel from the button', async () => {
    const rows = [
      { ...order(0, 'INPROGRESS'), cancelable: true },
      { ...order(1, 'PROCESSING'), cancelRequested: true },
      { ...order(2, 'INPROGRESS'), cancelRefusal: 'Order is already in progress' },
    ];
    const calls = stubFetch({
      'GET /service/order-history?page=1': page(rows, 3),
      'POST /service/order/1000/cancel': {
        status: 200,
        body: { id: 1000, status: 'INPROGRESS', refunded: 0, cancelRequested: true },
      },
    });
    renderWithProviders(<OrderHistoryRoute />, { state: 'authorization' });
    await screen.findByText('1000');
    expect(within(bodyRows()[1]!).getByText('취소 요청됨')).toBeInTheDocument();
    expect(within(bodyRows()[1]!).queryByRole('button', { name: '취소' })).not.toBeInTheDocument();
    expect(within(bodyRows()[2]!).getByText('취소 거절 (Order is already in progress)')).toBeInTheDocument();
    await act(async () => void fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: '취소' })));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/service/order/1000/cancel')).toBe(true),
    );
  });

  it('shows a refill button on a refillable row, asks for the refill, and shows the latest request and its reason', async () => {
    const rows = [
      { ...order(0, 'COMPLETED'), refillable: true, refill: null },
      {
        ...order(1, 'PARTIAL'),
        refillable: true,
        refill: { id: 9, status: 'REJECTED', reason: '이탈 없음', createdAt: new Date().toISOString() },
      },
      {
        ...order(2, 'COMPLETED'),
        refillable: true,
        refill: { id: 8, status: 'PENDING', reason: null, createdAt: new Date().toISOString() },
      },
      { ...order(3, 'COMPLETED'), refillable: false, refill: null },
    ];
    const calls = stubFetch({
      'GET /service/order-history?page=1': page(rows, 4),
      'POST /service/order/1000/refill': { status: 201, body: { id: 10, orderId: 1000, status: 'PENDING' } },
    });
    renderWithProviders(<OrderHistoryRoute />, { state: 'authorization' });
    await screen.findByText('1000');
    expect(within(bodyRows()[1]!).getByText('리필 거절 (이탈 없음)')).toBeInTheDocument();
    expect(within(bodyRows()[2]!).getByText('리필 요청됨')).toBeInTheDocument();
    expect(within(bodyRows()[2]!).queryByRole('button', { name: '리필 요청' })).not.toBeInTheDocument();
    expect(within(bodyRows()[3]!).queryByRole('button', { name: '리필 요청' })).not.toBeInTheDocument();
    await act(async () => void fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: '리필 요청' })));
    await screen.findByText('리필을 요청했습니다.');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/service/order/1000/refill')).toBe(true);
  });

  it('asks the server for a page of 10 and shows the spec columns, won and dates formatted', async () => {
    const calls = stubFetch({
      'GET /service/order-history?page=1': page(firstPage, 23),
      'GET /service/order-history?page=3': page(
        [order(20, 'COMPLETED'), order(21, 'COMPLETED'), order(22, 'COMPLETED')],
        23,
      ),
    });
    renderWithProviders(<OrderHistoryRoute />, { state: 'authorization' });
    await screen.findByText('1000');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '주문번호',
      '주문일시',
      '상품',
      '링크',
      '사용금액',
      '수량',
      '상태',
      '주문전 수량',
      '남은 수량',
      '리필',
      '취소',
      '문의',
    ]);
    expect(bodyRows()).toHaveLength(10);
    expect(cells(bodyRows()[0]!)).toEqual([
      '1000',
      '2026-01-02 03:04:05',
      '인스타 좋아요',
      'https://instagram.com/p/0',
      '12,345원',
      '100',
      '접수완료',
      '',
      '5',
      '',
      '',
      '문의',
    ]);
    expect(cells(bodyRows()[1]!)[7]).toBe('');
    expect(cells(bodyRows()[2]!)[7]).toBe('1,500');
    // 23 rows: pages 1 to 3.
    expect(screen.queryByRole('button', { name: '4' })).not.toBeInTheDocument();
    await click('3');
    await screen.findByText('1020');
    expect(bodyRows()).toHaveLength(3);
    expect(calls.map((c) => c.path)).toEqual(['/service/order-history?page=1', '/service/order-history?page=3']);
  });

  it('filters by chip on the server and starts again from the first page', async () => {
    const calls = stubFetch({
      'GET /service/order-history?page=1': page(firstPage, 23),
      'GET /service/order-history?page=2': page(
        firstPage.map((o) => ({ ...o, id: o.id + 10 })),
        23,
      ),
      'GET /service/order-history?status=PARTIAL&page=1': page([order(4, 'PARTIAL'), order(10, 'PARTIAL')], 2),
    });
    renderWithProviders(<OrderHistoryRoute />, { state: 'authorization' });
    await screen.findByText('1000');
    await click('2');
    await screen.findByText('1010');
    await click('부분완료');
    await screen.findByText('1004');
    expect(bodyRows().map((r) => cells(r)[6])).toEqual(['부분완료', '부분완료']);
    expect(calls.at(-1)!.path).toBe('/service/order-history?status=PARTIAL&page=1');
  });
});

describe('auto-order history', () => {
  const autos: AutoOrder[] = (['ACTIVE', 'COMPLETED', 'PARTIAL', 'CANCLED'] as const).map((status, i) => ({
    id: 50 + i,
    createdAt: '2026-02-03T04:05:06',
    link: 'https://youtu.be/x',
    point: 30000,
    amount: 100,
    serviceId: 7,
    service: '인스타 좋아요',
    completed: i,
    runs: 3,
    interval: 60,
    totalAmount: 300,
    status,
  }));

  it('shows its columns; PARTIAL reads as completed, and the completed chip asks the server for COMPLETED', async () => {
    const calls = stubFetch({
      'GET /service/auto-order-history?page=1': page(autos, 4),
      'GET /service/auto-order-history?status=COMPLETED&page=1': page(autos.slice(1, 3), 2),
    });
    renderWithProviders(<AutoOrderHistoryRoute />, { state: 'authorization' });
    await screen.findByText('50');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '주문번호',
      '주문일시',
      '링크',
      '최종 사용금액',
      '회당 수량',
      '상품',
      '완료/반복',
      '간격',
      '최종 수량',
      '상태',
      '문의',
    ]);
    expect(cells(bodyRows()[1]!)).toEqual([
      '51',
      '2026-02-03 04:05:06',
      'https://youtu.be/x',
      '30,000원',
      '100',
      '인스타 좋아요',
      '1/3',
      '60분',
      '300',
      '완료',
      '문의',
    ]);
    expect(cells(bodyRows()[2]!)[9]).toBe('완료');
    await click('완료');
    await screen.findByText('1/3');
    expect(calls.at(-1)!.path).toBe('/service/auto-order-history?status=COMPLETED&page=1');
    expect(bodyRows().map((r) => cells(r)[0])).toEqual(['51', '52']);
  });
});
