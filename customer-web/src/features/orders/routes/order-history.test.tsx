import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { autoOrderHistoryQueryOptions, type AutoOrder } from '../api/get-auto-order-history';
import { orderHistoryQueryOptions, type Order } from '../api/get-order-history';
import { servicesQueryOptions } from '../api/get-services';
import AutoOrderHistoryRoute from './auto-order-history';
import OrderHistoryRoute from './order-history';

const statuses = ['PENDING', 'PROCESSING', 'INPROGRESS', 'COMPLETED', 'PARTIAL', 'CANCELED'] as const;
const orders: Order[] = Array.from({ length: 23 }, (_, i) => ({
  id: 1000 + i,
  createdAt: new Date(2026, 0, 2, 3, 4, 5 + i).toISOString(),
  serviceId: 7,
  link: `https://instagram.com/p/${i}`,
  point: 12345,
  amount: 100,
  status: statuses[i % 6]!,
  startCount: i === 0 ? -1 : i === 1 ? (Number.NaN as number) : 1500,
  remains: 5,
}));
const services = [{ id: 7, text: '인스타 좋아요', point: 1, min: 1, max: 10, notice: '', categoryId: 1, isReadOnly: false, enableAuto: false }];
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('order history', () => {
  beforeEach(() =>
    renderWithProviders(<OrderHistoryRoute />, {
      state: 'authorization',
      seed: [
        [orderHistoryQueryOptions.queryKey, orders],
        [servicesQueryOptions.queryKey, services],
      ],
    }),
  );

  it('shows 10 rows per page with the spec columns, won and dates formatted', () => {
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['주문번호', '주문일시', '상품', '링크', '사용금액', '수량', '상태', '주문전 수량', '남은 수량']);
    expect(bodyRows()).toHaveLength(10);
    const first = within(bodyRows()[0]!).getAllByRole('cell').map((c) => c.textContent);
    expect(first).toEqual(['1000', '2026-01-02 03:04:05', '인스타 좋아요', 'https://instagram.com/p/0', '12,345원', '100', '접수완료', '', '5']);
    expect(within(bodyRows()[1]!).getAllByRole('cell')[7]!.textContent).toBe('');
    expect(within(bodyRows()[2]!).getAllByRole('cell')[7]!.textContent).toBe('1,500');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(bodyRows()).toHaveLength(3);
  });

  it('filters by chip and starts again from the first page', () => {
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    fireEvent.click(screen.getByRole('button', { name: '부분완료' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[6]!.textContent)).toEqual(['부분완료', '부분완료', '부분완료', '부분완료']);
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(bodyRows()).toHaveLength(3);
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
    completed: i,
    runs: 3,
    interval: 60,
    status,
  }));

  it('shows its columns; PARTIAL reads and filters as completed', () => {
    renderWithProviders(<AutoOrderHistoryRoute />, {
      state: 'authorization',
      seed: [
        [autoOrderHistoryQueryOptions.queryKey, autos],
        [servicesQueryOptions.queryKey, services],
      ],
    });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['주문번호', '주문일시', '링크', '최종 사용금액', '회당 수량', '상품', '완료/반복', '간격', '최종 수량', '상태']);
    expect(within(bodyRows()[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['51', '2026-02-03 04:05:06', 'https://youtu.be/x', '30,000원', '100', '인스타 좋아요', '1/3', '60분', '300', '완료']);
    fireEvent.click(screen.getByRole('button', { name: '완료' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['51', '52']);
  });
});
