import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { SUBSCRIPTION_MESSAGES } from '../../../lib/subscription-rules';
import type { Platform } from '../api/get-platforms';
import type { Catalog } from '../lib/order-form-state';
import { OrderForm } from './order-form';

const platforms: Platform[] = [{ id: 'instagram', text: '인스타그램', visible: true }];
const catalog: Catalog = {
  categories: [
    { id: 1, text: '팔로워', platform: 'instagram' },
    { id: 5, text: '자동 좋아요', platform: 'instagram' },
  ],
  services: [
    {
      id: 10,
      categoryId: 1,
      text: '한국인 팔로워',
      point: 10,
      min: 10,
      max: 1000,
      notice: '',
      isReadOnly: false,
      enableAuto: false,
    },
    {
      id: 50,
      categoryId: 5,
      text: '자동 좋아요 (새 게시물)',
      point: 2,
      min: 20,
      max: 500,
      notice: '',
      isReadOnly: false,
      enableAuto: false,
      type: 'Subscriptions',
    },
  ],
};

const setup = (props: { onLoginNeeded?: () => void } = {}) =>
  renderWithProviders(
    <OrderForm
      platforms={platforms}
      catalog={catalog}
      balance={10_000}
      serviceCheck={false}
      showServiceId={false}
      onOrdered={() => undefined}
      {...props}
    />,
  );
/** Picks the Subscriptions category; its fields load on first use (React.lazy). */
const pickSubscription = async () => {
  fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: '5' } });
  await screen.findByTestId('subscription-fields', undefined, { timeout: 10_000 });
};
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const subscribe = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '구독 신청' })));

describe('the order form for a Subscriptions service', () => {
  it('offers username, min/max per post, posts, delay and expiry instead of link and quantity, and shows max × posts × price', async () => {
    setup();
    expect(screen.queryByTestId('subscription-fields')).not.toBeInTheDocument();
    await pickSubscription();
    expect(screen.queryByLabelText('링크')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '주문하기' })).not.toBeInTheDocument();
    fireEvent.change(field('게시물당 최대 수량'), { target: { value: '100' } });
    fireEvent.change(field('게시물 수'), { target: { value: '3' } });
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('300개');
    expect(screen.getByTestId('subscription-cost')).toHaveTextContent('600원');
    expect([...(screen.getByLabelText('지연 시간') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '0',
      '5',
      '10',
      '15',
      '30',
      '60',
      '90',
    ]);
  });

  it('checks with the shared rules before sending, then sends the subscription', async () => {
    const calls = stubFetch({
      'POST /service/subscriptions': {
        status: 201,
        body: { subscriptionId: 9, serviceId: 50, username: 'kim', point: 600 },
      },
    });
    setup();
    await pickSubscription();
    await subscribe();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(field('계정 아이디 (username)'), { target: { value: 'kim' } });
    fireEvent.change(field('게시물당 최소 수량'), { target: { value: '600' } });
    await subscribe();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.minMax)).toBeInTheDocument();
    fireEvent.change(field('게시물당 최소 수량'), { target: { value: '50' } });
    fireEvent.change(field('게시물당 최대 수량'), { target: { value: '100' } });
    fireEvent.change(field('게시물 수'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('지연 시간'), { target: { value: '30' } });
    await subscribe();
    expect(
      await screen.findByText('구독을 신청했습니다. 새 게시물이 올라오면 자동으로 진행됩니다.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { serviceId: 50, username: 'kim', min: 50, max: 100, posts: 3, delay: 30, expiry: null },
    ]);
  });

  it('for a visitor, 구독 신청 sends nothing and asks to log in', async () => {
    const calls = stubFetch({});
    let asked = 0;
    setup({ onLoginNeeded: () => void asked++ });
    await pickSubscription();
    await subscribe();
    expect(asked).toBe(1);
    expect(calls).toEqual([]);
  });
});
