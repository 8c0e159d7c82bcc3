import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import type { ChargeInstructions } from '../../../lib/contracts';
import { DepositPanel } from './deposit-panel';

const base: ChargeInstructions = {
  chargeId: 3,
  status: 'PENDING',
  name: '홍길동',
  feeType: 'FEE',
  point: 50000,
  fee: 5000,
  depositAmount: 55000,
  bankName: '국민은행',
  accountNumber: '123456-01-234567',
  displayText: '예금주: 주식회사 테스트',
  bankCode: '004',
  createdAt: '2026-01-01T00:00:00.000Z',
  deadline: '2026-01-01T03:00:00.000Z',
};

describe('the deposit-instruction panel', () => {
  it('shows the points, the 부가세 and the total the server answered', () => {
    renderWithProviders(<DepositPanel charge={base} onAgain={() => undefined} />, { state: 'authorization' });
    expect(screen.getByTestId('deposit-fee')).toHaveTextContent('5,000원');
    expect(screen.getByTestId('deposit-total')).toHaveTextContent('55,000원');
    expect(screen.getByText('(부가세 10% 포함)', { exact: false })).toBeInTheDocument();
  });

  it('with no 부가세 (switch off or no tax invoice) shows the points as the total and no fee row', () => {
    renderWithProviders(<DepositPanel charge={{ ...base, fee: 0, depositAmount: 50000 }} onAgain={() => undefined} />, {
      state: 'authorization',
    });
    expect(screen.queryByTestId('deposit-fee')).not.toBeInTheDocument();
    expect(screen.queryByText('(부가세 10% 포함)', { exact: false })).not.toBeInTheDocument();
    expect(screen.getByTestId('deposit-total')).toHaveTextContent('50,000원');
  });
});
