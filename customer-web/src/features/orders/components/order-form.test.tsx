import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import type { OrderReceipt } from '../api/create-order';
import type { Platform } from '../api/get-platforms';
import type { Catalog } from '../lib/order-form-state';
import { OrderForm, type OrderFormProps } from './order-form';

const platforms: Platform[] = [
  { id: 'instagram', text: '인스타그램', visible: true },
  { id: 'youtube', text: '유튜브', visible: true },
  { id: 'hidden', text: '숨김', visible: false },
];
const catalog: Catalog = {
  categories: [
    { id: 1, text: '팔로워', platform: 'instagram' },
    { id: 3, text: '조회수', platform: 'youtube' },
    { id: 4, text: '댓글·패키지', platform: 'instagram' },
  ],
  services: [
    {
      id: 10,
      categoryId: 1,
      text: '한국인 팔로워',
      point: 10,
      min: 10,
      max: 1000,
      notice: '프로필 링크',
      isReadOnly: false,
      enableAuto: true,
    },
    {
      id: 11,
      categoryId: 1,
      text: '외국인 팔로워',
      point: 2,
      min: 50,
      max: 5000,
      notice: '',
      isReadOnly: false,
      enableAuto: false,
    },
    {
      id: 30,
      categoryId: 3,
      text: '조회수',
      point: 1,
      min: 100,
      max: 30000,
      notice: '',
      isReadOnly: true,
      enableAuto: false,
    },
    {
      id: 40,
      categoryId: 4,
      text: '커스텀 댓글',
      point: 350,
      min: 2,
      max: 3,
      notice: '',
      isReadOnly: false,
      enableAuto: true,
      type: 'Custom Comments',
    },
    {
      id: 41,
      categoryId: 4,
      text: '스타터 패키지',
      point: 9900,
      min: 1,
      max: 1,
      notice: '',
      isReadOnly: false,
      enableAuto: false,
      type: 'Package',
    },
  ],
};

function setup(props: Partial<OrderFormProps> = {}) {
  const ordered: OrderReceipt[] = [];
  renderWithProviders(
    <OrderForm
      platforms={platforms}
      catalog={catalog}
      balance={100_000}
      serviceCheck={false}
      showServiceId={false}
      onOrdered={(r) => ordered.push(r)}
      {...props}
    />,
  );
  return { ordered };
}
const amount = () => screen.getByLabelText('수량') as HTMLInputElement;
const link = () => screen.getByLabelText('링크') as HTMLInputElement;
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '주문하기' })));

describe('the order form', () => {
  it('starts on the first visible platform with its first product at the product min, and only lists visible platforms', () => {
    setup();
    expect(screen.getByRole('radio', { name: '인스타그램' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: '숨김' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('상품')).toHaveValue('10');
    expect(amount().value).toBe('10');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('100원');
  });

  it('selecting another product sets its min and hides auto-order when the product does not allow it', () => {
    setup();
    fireEvent.click(screen.getByLabelText(/자동 주문/));
    expect(screen.getByLabelText('반복 횟수')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('상품'), { target: { value: '11' } });
    expect(amount().value).toBe('50');
    expect(screen.queryByLabelText(/자동 주문/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('상품'), { target: { value: '10' } });
    expect(screen.getByLabelText(/자동 주문/)).not.toBeChecked();
  });

  it('counts runs into the total quantity and cost', () => {
    setup();
    fireEvent.click(screen.getByLabelText(/자동 주문/));
    fireEvent.change(screen.getByLabelText('반복 횟수'), { target: { value: '3' } });
    fireEvent.change(amount(), { target: { value: '20' } });
    expect(screen.getByTestId('total-quantity')).toHaveTextContent('60개');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('600원');
  });

  it('shows the spec messages, the first broken rule of the shared contract at a time: link, amount, runs, interval, points', async () => {
    setup({ balance: 50 });
    const change = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(amount(), { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText(/자동 주문/));
    change('반복 횟수', '1');
    change('반복 간격 (분)', '30');
    await submit();
    await screen.findByText('링크를 입력해 주세요.');
    expect(screen.getByText('주문 수량이 최소수량보다 적습니다.')).toBeInTheDocument();
    fireEvent.change(link(), { target: { value: 'https://instagram.com/me' } });
    fireEvent.change(amount(), { target: { value: '10' } });
    await submit();
    await screen.findByText('반복 횟수는 2 이상의 정수로 입력해 주세요.');
    expect(screen.queryByText('링크를 입력해 주세요.')).not.toBeInTheDocument();
    change('반복 횟수', '2');
    await submit();
    await screen.findByText('반복 간격은 60분 이상의 정수로 입력해 주세요.');
    change('반복 간격 (분)', '60');
    await submit();
    await screen.findByText('포인트가 부족합니다.');
  });

  it("refuses what is no link, and another site's link on the platform, with the server's own messages", async () => {
    setup();
    fireEvent.change(amount(), { target: { value: '10' } });
    for (const [value, message] of [
      ['hello', '올바른 링크를 입력해 주세요.'],
      ['javascript:alert(1)', '올바른 링크를 입력해 주세요.'],
      ['https://www.youtube.com/watch?v=1', '인스타그램 링크를 입력해 주세요.'],
    ]) {
      fireEvent.change(link(), { target: { value } });
      await submit();
      await screen.findByText(message!);
    }
  });

  it('prices fractional unit prices exactly, rounding the total up to whole won once', () => {
    const cheap = { ...catalog, services: [{ ...catalog.services[0]!, point: 0.35, min: 3 }] };
    renderWithProviders(
      <OrderForm
        platforms={platforms}
        catalog={cheap}
        balance={0}
        serviceCheck={false}
        showServiceId={false}
        onOrdered={() => {}}
      />,
    );
    expect(screen.getByText('단가 0.35원')).toBeInTheDocument();
    // 0.35 × 3 = 1.05 → 2 won.
    expect(screen.getByTestId('total-cost')).toHaveTextContent('2원');
  });

  it('locks a read-only product with 주문불가 상품입니다.', () => {
    setup();
    fireEvent.click(screen.getByRole('radio', { name: '유튜브' }));
    expect(link().disabled).toBe(true);
    expect(link().placeholder).toBe('주문불가 상품입니다.');
    expect(screen.getByRole('button', { name: '주문불가 상품입니다.' })).toBeDisabled();
  });

  it('locks every product while the service check is on', () => {
    setup({ serviceCheck: true });
    expect(amount().disabled).toBe(true);
    expect(screen.getAllByText('주문불가 상품입니다.').length).toBeGreaterThan(0);
  });

  it('sends the order and, after success, clears the link, resets the amount and reports the receipt', async () => {
    const receipt = {
      orderId: 77,
      amount: 40,
      link: 'https://instagram.com/me',
      serviceId: 10,
      point: 400,
      autoOrderId: null,
    };
    const calls = stubFetch({ 'POST /service/order': { status: 201, body: receipt } });
    const { ordered } = setup();
    fireEvent.change(link(), { target: { value: '  https://instagram.com/me ' } });
    fireEvent.change(amount(), { target: { value: '40' } });
    await submit();
    await screen.findByText('주문에 성공했습니다.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      serviceId: 10,
      link: 'https://instagram.com/me',
      amount: 40,
      runs: 0,
      interval: 0,
    });
    expect(ordered).toEqual([receipt]);
    await waitFor(() => expect(link().value).toBe(''));
    expect(amount().value).toBe('10');
  });

  it("says the server's Korean reason when it refuses the order (4xx)", async () => {
    stubFetch({
      'POST /service/order': {
        status: 400,
        body: { statusCode: 400, code: 'ORDER_INSUFFICIENT_POINTS', message: '포인트가 부족합니다.' },
      },
    });
    const { ordered } = setup();
    fireEvent.change(link(), { target: { value: 'https://instagram.com/me' } });
    await submit();
    expect(await screen.findByText('포인트가 부족합니다.')).toBeInTheDocument();
    expect(screen.queryByText('주문에 실패했습니다.')).not.toBeInTheDocument();
    expect(ordered).toEqual([]);
    expect(link().value).toBe('https://instagram.com/me');
  });

  it('for a visitor, 주문하기 sends nothing and hands the filled-in fields to the login prompt', async () => {
    const calls = stubFetch({});
    const asked: unknown[] = [];
    setup({ balance: 0, onLoginNeeded: (values) => asked.push(values) });
    fireEvent.change(link(), { target: { value: 'https://instagram.com/me' } });
    fireEvent.change(amount(), { target: { value: '40' } });
    await submit();
    expect(asked).toEqual([
      {
        platformId: 'instagram',
        categoryId: 1,
        serviceId: 10,
        link: 'https://instagram.com/me',
        amount: 40,
        auto: false,
        runs: 0,
        interval: 0,
        comments: '',
      },
    ]);
    expect(calls).toEqual([]);
    expect(screen.queryByText('포인트가 부족합니다.')).not.toBeInTheDocument();
  });

  it('starts with an order kept while its visitor logged in', () => {
    setup({
      draft: {
        platformId: 'instagram',
        categoryId: 1,
        serviceId: 11,
        link: 'https://instagram.com/kept',
        amount: 70,
        auto: false,
        runs: 0,
        interval: 0,
        comments: '',
      },
    });
    expect(screen.getByLabelText('상품')).toHaveValue('11');
    expect(link()).toHaveValue('https://instagram.com/kept');
    expect(amount()).toHaveValue(70);
  });

  it('sends an Idempotency-Key, keeps it when the same order is sent again after a failure, and takes a new one for the next order', async () => {
    const calls = stubFetch({ 'POST /service/order': { status: 503, body: {} } });
    setup();
    fireEvent.change(link(), { target: { value: 'https://instagram.com/me' } });
    await submit();
    await screen.findByText('주문에 실패했습니다.');
    const retried = stubFetch({
      'POST /service/order': {
        status: 201,
        body: {
          orderId: 1,
          amount: 10,
          link: 'https://instagram.com/me',
          serviceId: 10,
          point: 100,
          autoOrderId: null,
        },
      },
    });
    await submit();
    await screen.findByText('주문에 성공했습니다.');
    const first = calls[0]!.headers['Idempotency-Key'];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retried[0]!.headers['Idempotency-Key']).toBe(first);
    await waitFor(() => expect(link().value).toBe(''));
    fireEvent.change(link(), { target: { value: 'https://instagram.com/me' } });
    await submit();
    await waitFor(() => expect(retried).toHaveLength(2));
    expect(retried[1]!.headers['Idempotency-Key']).not.toBe(first);
  });

  it('Custom Comments: a textarea instead of a quantity, a live count of the lines, cost = price × lines, the shared messages', async () => {
    const calls = stubFetch({
      'POST /service/order': {
        status: 201,
        body: {
          orderId: 5,
          amount: 2,
          link: 'https://instagram.com/p/1',
          serviceId: 40,
          point: 700,
          autoOrderId: null,
        },
      },
    });
    const { ordered } = setup();
    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: '4' } });
    expect(screen.queryByLabelText('수량')).not.toBeInTheDocument();
    // Comments take no auto-order, even when the flag says so.
    expect(screen.queryByLabelText(/자동 주문/)).not.toBeInTheDocument();
    expect(screen.getByText('댓글 입력')).toBeInTheDocument();
    const box = screen.getByLabelText('댓글') as HTMLTextAreaElement;
    fireEvent.change(link(), { target: { value: 'https://instagram.com/p/1' } });
    fireEvent.change(box, { target: { value: '너무 예뻐요\n' } });
    expect(screen.getByTestId('comment-count')).toHaveTextContent(/댓글 1개/);
    await submit();
    await screen.findByText('댓글 수가 최소수량보다 적습니다.');
    fireEvent.change(box, { target: { value: '너무 예뻐요\n\n감사합니다 ' } });
    expect(screen.getByTestId('comment-count')).toHaveTextContent(/댓글 2개/);
    expect(screen.getByTestId('total-quantity')).toHaveTextContent('2개');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('700원');
    await submit();
    await screen.findByText('주문에 성공했습니다.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      serviceId: 40,
      link: 'https://instagram.com/p/1',
      comments: '너무 예뻐요\n\n감사합니다 ',
    });
    expect(ordered[0]).toMatchObject({ orderId: 5, comments: '너무 예뻐요\n감사합니다' });
  });

  it('Package: no quantity input, one package at the package price', () => {
    setup();
    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('상품'), { target: { value: '41' } });
    expect(screen.queryByLabelText('수량')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('댓글')).not.toBeInTheDocument();
    expect(screen.getByTestId('package-note')).toHaveTextContent(/패키지 1개/);
    expect(screen.getByTestId('total-quantity')).toHaveTextContent('1개');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('9,900원');
  });

  it('Package: orders after a Custom Comments order in the same visit', async () => {
    const calls = stubFetch({
      'POST /service/order': {
        status: 201,
        body: {
          orderId: 6,
          amount: 1,
          link: 'https://instagram.com/me',
          serviceId: 41,
          point: 9900,
          autoOrderId: null,
        },
      },
    });
    setup();
    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: '4' } });
    fireEvent.change(link(), { target: { value: 'https://instagram.com/p/1' } });
    fireEvent.change(screen.getByLabelText('댓글'), { target: { value: '하나\n둘' } });
    await submit();
    await screen.findByText('주문에 성공했습니다.');
    fireEvent.change(screen.getByLabelText('상품'), { target: { value: '41' } });
    fireEvent.change(link(), { target: { value: 'https://instagram.com/me' } });
    await submit();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({
      serviceId: 41,
      link: 'https://instagram.com/me',
      amount: 1,
      runs: 0,
      interval: 0,
    });
  });
});
