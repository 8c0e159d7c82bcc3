import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import type { Platform } from '../api/get-platforms';
import { orderKeys } from '../api/keys';
import type { Catalog } from '../lib/order-form-state';
import { OrderForm } from './order-form';
import { searchServices } from './service-picker';

const platforms: Platform[] = [
  { id: 'instagram', text: '인스타그램', visible: true },
  { id: 'youtube', text: '유튜브', visible: true },
];
const service = (id: number, categoryId: number, text: string, averageTime: number | null = null) => ({
  id,
  categoryId,
  text,
  point: 10,
  min: 10,
  max: 10_000,
  notice: '',
  isReadOnly: false,
  enableAuto: false,
  averageTime,
});
const catalog: Catalog = {
  categories: [
    { id: 1, text: '팔로워', platform: 'instagram' },
    { id: 3, text: '조회수', platform: 'youtube' },
  ],
  services: [
    service(10, 1, '한국인 팔로워', 130),
    service(11, 1, '외국인 팔로워'),
    service(12, 1, '실제 한국인 팔로워', 45),
    service(305, 3, '유튜브 조회수 고속', 1500),
  ],
};

const setup = (state: 'authorization' | 'unAuthorization', favorites: number[] = []) =>
  renderWithProviders(
    <OrderForm
      platforms={platforms}
      catalog={catalog}
      balance={0}
      serviceCheck={false}
      showServiceId={false}
      onOrdered={() => undefined}
    />,
    { state, seed: state === 'authorization' ? [[orderKeys.favorites, favorites]] : [] },
  );
const search = (text: string) => fireEvent.change(screen.getByLabelText('서비스 검색'), { target: { value: text } });

describe('the service picker', () => {
  it('finds services by Korean words (spacing ignored) and by number, exact numbers first', () => {
    expect(searchServices(catalog.services, '한국인').map((s) => s.id)).toEqual([10, 12]);
    expect(searchServices(catalog.services, '실제한국인').map((s) => s.id)).toEqual([12]);
    expect(searchServices(catalog.services, '30').map((s) => s.id)).toEqual([305]);
    expect(searchServices(catalog.services, '1').map((s) => s.id)).toEqual([10, 11, 12]);
    expect(searchServices(catalog.services, '11').map((s) => s.id)).toEqual([11]);
    expect(searchServices(catalog.services, '  ')).toEqual([]);
  });

  it('picks a search result from another platform with its category, and shows its average time', () => {
    setup('unAuthorization');
    expect(screen.getByTestId('average-time')).toHaveTextContent('평균 완료 시간 약 2시간 10분');
    search('조회수');
    const results = screen.getByRole('list', { name: '검색 결과' });
    fireEvent.click(within(results).getByRole('button', { name: '유튜브 조회수 고속' }));
    expect(screen.getByRole('radio', { name: '유튜브' })).toBeChecked();
    expect(screen.getByLabelText('카테고리')).toHaveValue('3');
    expect(screen.getByLabelText('상품')).toHaveValue('305');
    expect(screen.getByTestId('average-time')).toHaveTextContent('평균 완료 시간 약 1일 1시간');
    expect(screen.queryByRole('list', { name: '검색 결과' })).not.toBeInTheDocument();
    // Visitors keep no favourites: no stars.
    expect(screen.queryByRole('button', { name: /즐겨찾기/ })).not.toBeInTheDocument();
    search('없는 상품');
    expect(screen.getByText('검색 결과가 없습니다.')).toBeInTheDocument();
  });

  it("lists a member's favourites first and starred, and stars one with PUT", async () => {
    const calls = stubFetch({ 'PUT /service/favorites/10': { body: [10, 12] } });
    setup('authorization', [12]);
    const options = within(screen.getByLabelText('상품')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['★ 실제 한국인 팔로워', '한국인 팔로워', '외국인 팔로워']);
    expect(within(screen.getByRole('group', { name: '즐겨찾기' })).getAllByRole('button')).toHaveLength(1);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '즐겨찾기', pressed: false })));
    expect(await screen.findByRole('button', { name: '즐겨찾기 해제' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /service/favorites/10']);
    expect(within(screen.getByRole('group', { name: '즐겨찾기' })).getAllByRole('button')).toHaveLength(2);
  });
});
