import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { pointKeys } from '../api/keys';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { ChargeForm } from './charge-form';
import { TossPayPanel } from './toss-pay-panel';

const TIERS = [
  { id: 1, minAmount: 10_000, kind: 'PERCENT', value: 3, method: null },
  { id: 2, minAmount: 50_000, kind: 'PERCENT', value: 5, method: null },
  { id: 3, minAmount: 30_000, kind: 'FIXED', value: 1_000, method: 'TOSS_VIRTUAL_ACCOUNT' },
];

describe('the charge form’s bonus line', () => {
  it('shows the next tier, then what the amount earns by bank transfer, as the amount changes', async () => {
    stubFetch({ 'GET /service/charge-bonuses': { body: TIERS } });
    renderWithProviders(
      <ChargeForm presets={[10_000, 50_000]} feeTypes={['NONE']} accountReady onCharged={() => {}} />,
      { state: 'authorization' },
    );
    expect(await screen.findByTestId('charge-bonus')).toHaveTextContent(/^10,000원 충전 시 300P 보너스$/);
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    expect(screen.getByTestId('charge-bonus')).toHaveTextContent(/^10,000원 충전 시 300P 보너스$/);
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    // 30,000: the virtual-account tier is not this form's method; still 3 %.
    expect(screen.getByTestId('charge-bonus')).toHaveTextContent(/^30,000원 충전 시 900P 보너스$/);
    fireEvent.click(screen.getByRole('button', { name: '+5만원' }));
    expect(screen.getByTestId('charge-bonus')).toHaveTextContent(/^80,000원 충전 시 4,000P 보너스$/);
  });

  it('says nothing where no tier applies to bank transfer', async () => {
    stubFetch({ 'GET /service/charge-bonuses': { body: [{ ...TIERS[0], method: 'TOSS_CARD' }] } });
    renderWithProviders(<ChargeForm presets={[10_000]} feeTypes={['NONE']} accountReady onCharged={() => {}} />, {
      state: 'authorization',
    });
    fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    await waitFor(() => expect(queryClient.getQueryState(pointKeys.chargeBonuses)?.status).toBe('success'));
    expect(screen.queryByTestId('charge-bonus')).not.toBeInTheDocument();
  });

  it('on the Toss panel, follows the payment method: the virtual account’s own tier at 30,000', async () => {
    stubFetch({
      'GET /service/charge-bonuses': { body: TIERS },
      'GET /service/point/toss/enabled': { body: { enabled: true } },
    });
    renderWithProviders(<TossPayPanel presets={[10_000]} feeTypes={['NONE']} />, { state: 'authorization' });
    await screen.findByTestId('toss-pay-panel');
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: '+1만원' }));
    expect(await screen.findByTestId('charge-bonus')).toHaveTextContent(/^30,000원 충전 시 900P 보너스$/);
    fireEvent.click(screen.getByLabelText('가상계좌'));
    expect(screen.getByTestId('charge-bonus')).toHaveTextContent(/^30,000원 충전 시 1,000P 보너스$/);
  });
});
