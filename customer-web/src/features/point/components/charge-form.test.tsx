import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { bankingAppLink } from '../lib/banking-link';
import { ChargeForm, type ChargeRequest } from './charge-form';

function setup(feeTypes: ('NONE' | 'FEE' | 'CASH')[] = ['NONE', 'FEE', 'CASH']) {
  const charged: ChargeRequest[] = [];
  renderWithProviders(<ChargeForm presets={[500, 5000, 10000, 50000]} feeTypes={feeTypes} onCharged={(r) => charged.push(r)} />, { state: 'authorization' });
  return charged;
}
const amount = () => screen.getByTestId('charge-amount').textContent;
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '충전 신청' })));

describe('the charge form', () => {
  it('labels presets with 원/백원/천원/만원, adds them up and resets', () => {
    setup();
    expect(screen.getAllByRole('button', { name: /^\+/ }).map((b) => b.textContent)).toEqual(['+5백원', '+5천원', '+1만원', '+5만원']);
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
    expect(await screen.findByText('이름을 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('충전금액을 설정해주세요')).toBeTruthy();
  });

  it('offers only the fee types of the setting', () => {
    setup(['FEE', 'CASH']);
    expect(screen.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['세금계산서', '현금영수증']);
  });

  it('a tax invoice asks for its eight fields and adds 10 percent to the deposit', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '+5만원' }));
    fireEvent.click(screen.getByLabelText('세금계산서'));
    expect(screen.getByTestId('deposit-amount').textContent).toBe('55,000원');
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    for (const m of ['상호를 입력해 주세요.', '사업자등록번호를 입력해 주세요.', '대표자명을 입력해 주세요.', '연락처를 입력해 주세요.', '업태를 입력해 주세요.', '종목을 입력해 주세요.', '사업장 주소를 입력해 주세요.', '이메일을 입력해 주세요.']) {
      expect(await screen.findByText(m)).toBeTruthy();
    }
  });

  it('a cash receipt asks for a phone number and sends only it', async () => {
    const calls = stubFetch({ 'POST /service/point': { status: 201, body: {} } });
    const charged = setup();
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.click(screen.getByLabelText('현금영수증'));
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    expect(await screen.findByText('현금영수증 발급 번호를 입력해 주세요.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('현금영수증 발급 번호'), { target: { value: '01012345678' } });
    await submit();
    expect(await screen.findByText('아래 정보를 확인해주세요.')).toBeTruthy();
    const body = calls.at(-1)!.body as { feeValue: Record<string, string> };
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/service/point', body: { name: '홍길동', point: 10000, feeType: 'CASH' } });
    expect(body.feeValue.phone).toBe('01012345678');
    expect(body.feeValue.company).toBe('');
    expect(charged).toEqual([{ name: '홍길동', point: 10000, feeType: 'CASH' }]);
  });

  it('says the spec failure message when the request is refused', async () => {
    stubFetch({ 'POST /service/point': { status: 500, body: {} } });
    const charged = setup(['NONE']);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.change(screen.getByLabelText('입금자명'), { target: { value: '홍길동' } });
    await submit();
    expect(await screen.findByText('오류가 발생했습니다 잠시 후 시도해 주세요.')).toBeTruthy();
    expect(charged).toEqual([]);
  });
});

describe('the mobile banking link', () => {
  it('carries the amount, the account without hyphens and the bank code', () => {
    expect(bankingAppLink({ amount: 55000, account: '123456-01-234567', bankCode: '004' })).toBe('supertoss://send?amount=55000&accountNo=12345601234567&bankCode=004');
  });
});
