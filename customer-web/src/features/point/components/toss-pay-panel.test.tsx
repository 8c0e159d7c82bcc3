import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes, stubFetch } from '../../../testing/render';
import { TossPayPanel } from './toss-pay-panel';

const setup = () =>
  renderRoutes(
    [{ path: '/point', element: <TossPayPanel presets={[10000]} feeTypes={['NONE', 'FEE', 'CASH']} feeEnabled /> }],
    { path: '/point', state: 'authorization' },
  );

describe('the Toss payment panel', () => {
  it('is absent while the shop does not offer online payment', async () => {
    const calls = stubFetch({ 'GET /service/point/toss/enabled': { body: { enabled: false } } });
    setup();
    await waitFor(() => expect(calls.some((c) => c.path === '/service/point/toss/enabled')).toBe(true));
    expect(screen.queryByTestId('toss-pay-panel')).not.toBeInTheDocument();
  });

  it('offers receipts only where Toss carries them and sends the charge to the server', async () => {
    const calls = stubFetch({
      'GET /service/point/toss/enabled': { body: { enabled: true } },
      'POST /service/point/toss': {
        status: 400,
        body: { statusCode: 400, code: 'BAD_REQUEST', message: '테스트 응답' },
      },
    });
    setup();
    await screen.findByTestId('toss-pay-panel');
    // Cards carry no cash receipt or tax invoice: no receipt choice at all.
    expect(screen.queryByText('현금영수증')).not.toBeInTheDocument();
    await act(async () => void fireEvent.click(screen.getByLabelText('계좌이체')));
    expect(screen.getByLabelText('현금영수증')).toBeInTheDocument();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '+1만원' })));
    await act(async () => void fireEvent.click(screen.getByLabelText('세금계산서')));
    expect(screen.getByText('11,000원')).toBeInTheDocument();
    await act(async () => void fireEvent.click(screen.getByLabelText('신청 안함')));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '토스페이먼츠로 결제하기' })));
    expect(await screen.findByText('테스트 응답')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      point: 10000,
      method: 'TRANSFER',
      feeType: 'NONE',
      feeValue: null,
    });
  });
});
