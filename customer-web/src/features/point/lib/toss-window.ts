import { loadTossPayments } from '@tosspayments/tosspayments-sdk';
import type { TossCheckout } from '../../../lib/contracts';
import { paths } from '../../../config/paths';

/**
 * Opens Toss's payment window (SDK v2 `payment().requestPayment`) for a checkout the server made:
 * the charge's own id as orderId and the server's amount. Toss then sends the browser to our
 * success page (paymentKey, orderId, amount) or fail page (code, message, orderId).
 */
export async function openTossWindow(checkout: TossCheckout): Promise<void> {
  const tossPayments = await loadTossPayments(checkout.clientKey);
  const payment = tossPayments.payment({ customerKey: checkout.customerKey });
  const origin = window.location.origin;
  const common = {
    amount: { currency: 'KRW', value: checkout.amount },
    orderId: checkout.orderId,
    orderName: checkout.orderName,
    successUrl: `${origin}${paths.tossSuccess}`,
    failUrl: `${origin}${paths.tossFail}`,
  };
  const cashReceipt = checkout.cashReceipt ? { type: checkout.cashReceipt } : undefined;
  if (checkout.method === 'CARD') await payment.requestPayment({ ...common, method: 'CARD' });
  else if (checkout.method === 'TRANSFER')
    await payment.requestPayment({ ...common, method: 'TRANSFER', transfer: { cashReceipt } });
  else await payment.requestPayment({ ...common, method: 'VIRTUAL_ACCOUNT', virtualAccount: { cashReceipt } });
}
