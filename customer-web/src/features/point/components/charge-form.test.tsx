import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { bankingAppLink } from '../lib/banking-link';
import type { ChargeInstructions } from '../../../lib/contracts';
import { ChargeForm } from './charge-form';

function setup(
  feeTypes: ('NONE' | 'FEE' | 'CASH')[] = ['NONE', 'FEE', 'CASH'],
  accountReady = true,
  feeEnabled = true,
) {
  const charged: ChargeInstructions[] = [];
  renderWithProviders(
    <ChargeForm
      presets={[500, 5000, 10000, 50000]}
      feeTypes={feeTypes}
      accountReady={accountReady}
      feeEnabled={feeEnabled}
      onCharged={(r) => charged.push(r)}
    />,
    { state: 'authorization' },
  );
  return charged;
}
/** What the server answers (billing's ChargeRequests.request). */
const instructions: ChargeInstructions = {
  chargeId: 9,
  status: 'PENDING',
  name: '홍길동',
  feeType: 'CASH',
  point: 10000,
  fee: 0,
  depositAmount: 10000,
  bankName: '국민은행',
  accountNumber: '123456-01-234567',
  displayText: '예금주: 주식회사 테스트',
  bankCode: '004',
  createdAt: '2026-01-01T00:00:00.000Z',
  deadline: '2026-01-01T03:00:00.000Z',
};
const amount = () => screen.getByTestId('charge-amount').textContent;
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '충전 신청' })));

describe('the charge form', () => {
  it('labels presets with 원/백원/천원/만원, adds them up and resets', () => {
    setup();
    expect(screen.getAllByRole('button', { name: /^\+/ }).map((b) => b.textContent)).toEqual([
      '+5백원',
      '+5천원',
      '+1만원',
      '+5만원',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.click(screen.getByRole('button', { name: '+5백원' }));
    expect(amount()).toBe('20,500원');
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(amount()).toBe('0원');
  });

  it('requires a depositor name and a nonzero amount', async () => {
    setup();
    await submit();
    expect(await screen.findByText('이름을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('충전금액을 설정해주세요')).toBeInTheDocument();
  });

  it('offers only the fee types of the setting', () => {
    setup(['FEE', 'CASH']);
    expect(screen.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['세금계산서', '현금영수증']);
  });

  it('a tax invoice asks for its eight fields and adds 10 percent to the deposit', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '+5만원' }));
    fireEvent.click(screen.getByLabelText('세금계산서'));
    expect(screen.getByTestId('deposit-fee')).toHaveTextContent('5,000원');
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('55,000원');
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    for (const m of [
      '상호를 입력해 주세요.',
      '사업자등록번호 10자리를 입력해 주세요.',
      '대표자명을 입력해 주세요.',
      '연락처를 올바르게 입력해 주세요.',
      '업태를 입력해 주세요.',
      '종목을 입력해 주세요.',
      '주소를 입력해 주세요.',
      '이메일 형식을 맞춰주세요',
    ]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
  });

  it('with ENABLE_PAYMENT_FEE off a tax invoice shows no 부가세 and the total is the points', () => {
    setup(['NONE', 'FEE', 'CASH'], true, false);
    fireEvent.click(screen.getByRole('button', { name: '+5만원' }));
    fireEvent.click(screen.getByLabelText('세금계산서'));
    expect(screen.queryByTestId('deposit-fee')).not.toBeInTheDocument();
    expect(screen.queryByText('부가세 (10%)')).not.toBeInTheDocument();
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('50,000원');
    expect(screen.getByText('충전 금액에 부가세가 포함되어 세금계산서가 발행됩니다.')).toBeInTheDocument();
  });

  it('with ENABLE_PAYMENT_FEE on only a tax invoice adds the 부가세', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.click(screen.getByRole('button', { name: '+5백원' }));
    fireEvent.click(screen.getByLabelText('현금영수증'));
    expect(screen.queryByTestId('deposit-fee')).not.toBeInTheDocument();
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('10,500원');
    fireEvent.click(screen.getByLabelText('세금계산서'));
    expect(screen.getByText('부가세 (10%)')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-fee')).toHaveTextContent('1,050원');
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('11,550원');
  });

  it('a cash receipt asks for a phone number and sends only it', async () => {
    const calls = stubFetch({ 'POST /service/point': { status: 201, body: instructions } });
    const charged = setup();
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.click(screen.getByLabelText('현금영수증'));
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    expect(await screen.findByText('휴대전화 번호가 올바르지 않습니다')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('현금영수증 발급 번호'), { target: { value: '01012345678' } });
    await submit();
    expect(await screen.findByText('아래 정보를 확인해주세요.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/service/point' });
    expect(calls.at(-1)!.body).toEqual({
      name: '홍길동',
      point: 10000,
      feeType: 'CASH',
      feeValue: { phone: '01012345678' },
    });
    expect(charged).toEqual([instructions]);
  });

  it('writes preset amounts as Korean shops do (1만5천원, 5만원, 10만원)', () => {
    renderWithProviders(
      <ChargeForm presets={[15000, 50000, 100000, 1500, 1250]} feeTypes={['NONE']} accountReady onCharged={() => {}} />,
      { state: 'authorization' },
    );
    expect(screen.getAllByRole('button', { name: /^\+/ }).map((b) => b.textContent)).toEqual([
      '+1만5천원',
      '+5만원',
      '+10만원',
      '+1천5백원',
      '+1천2백50원',
    ]);
  });

  it("shows the server's Korean reason of a refusal (the limit of 5 waiting charges)", async () => {
    stubFetch({
      'POST /service/point': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CHARGE_TOO_MANY_OPEN',
          message: '입금 대기 중인 충전 요청이 너무 많습니다. 입금하시거나 3시간 후 다시 시도해 주세요.',
        },
      },
    });
    setup(['NONE']);
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    expect(
      await screen.findByText('입금 대기 중인 충전 요청이 너무 많습니다. 입금하시거나 3시간 후 다시 시도해 주세요.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('오류가 발생했습니다 잠시 후 시도해 주세요.')).not.toBeInTheDocument();
  });

  it('says the spec failure message when the request is refused', async () => {
    stubFetch({ 'POST /service/point': { status: 500, body: {} } });
    const charged = setup(['NONE']);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    expect(await screen.findByText('오류가 발생했습니다 잠시 후 시도해 주세요.')).toBeInTheDocument();
    expect(charged).toEqual([]);
  });

  it('says the shop account is not ready, and sends nothing, while the banking settings are empty', async () => {
    const calls = stubFetch({});
    setup(['NONE'], false);
    expect(screen.getByText('입금 계좌가 준비되지 않았습니다. 고객센터에 문의해 주세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '충전 신청' })).toBeDisabled();
    // Only reads (the bonus tiers): no charge request.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('rounds the 10 percent of a tax invoice down to whole won, as the server does', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '+5백원' }));
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: '+5천원' }));
    fireEvent.click(screen.getByLabelText('세금계산서'));
    // 15,500 × 1.1 = 17,050.
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('17,050원');
  });
});

describe('the mobile banking link', () => {
  it('carries the amount, the account without hyphens and the bank code', () => {
    expect(bankingAppLink({ amount: 55000, account: '123456-01-234567', bankCode: '004' })).toBe(
      'supertoss://send?amount=55000&accountNo=12345601234567&bankCode=004',
    );
  });
});
