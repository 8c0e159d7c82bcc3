import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { DeliveryFacade, DeliverySender } from '../../../server/src/modules/delivery/index.js';
import { memberWithPoints, ready, signedIn } from '../storefront/storefront.js';
import { logInToConsole } from './support.js';

const PHONE = { width: 390, height: 844 };

/**
 * The console's 발송 내역 at 390 px (channels, masked recipients,
 * attempts and answers, 다시 보내기) and the member's webhook delivery log on the account page.
 */
describe('발송 내역 and the member delivery log', () => {
  let h: BrowserHarness;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    h = await startBrowserHarness();
    receiver = await startWebhookReceiver();
  }, 90_000);
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  it('lists deliveries with their answers, masked in the console, in full for the member', async () => {
    const member = await memberWithPoints(h, 50_000n);
    const set = await h.t.http
      .put('/api/auth/webhook')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ url: receiver.url })
      .expect(200);
    receiver.secret = set.body.secret;
    const deliveries = h.t.app.get(DeliveryFacade);
    const sender = h.t.app.get(DeliverySender);
    // One test event answered 200, one the receiver refuses (500): due again after the backoff.
    await deliveries.sendTest(member.id);
    while ((await sender.runOnce()) > 0);
    receiver.status = 500;
    await deliveries.sendTest(member.id);
    while ((await sender.runOnce()) > 0);
    receiver.status = 200;

    const phone = await h.newPage(PHONE);
    await signedIn(phone, member);
    await phone.goto('/account');
    await ready(phone);
    const log = phone.getByTestId('webhook-deliveries');
    await log.getByText('테스트 이벤트').first().waitFor();
    expect(await log.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await log.scrollIntoViewIfNeeded();
    await h.screenshot(phone, 'deliveries-member-log-390');

    const desk = await logInToConsole(h);
    await desk.setViewportSize(PHONE);
    await desk.goto('/admin/deliveries');
    await desk.getByText('테스트 이벤트').first().waitFor();
    // The recipient is masked: scheme and host only, never the path.
    await desk
      .getByText(`http://${new URL(receiver.url).host}/…`)
      .first()
      .waitFor();
    expect(await desk.getByText(receiver.url).count()).toBe(0);
    await desk.getByRole('button', { name: '다시 보내기' }).first().waitFor();
    await h.screenshot(desk, 'deliveries-console-390');
  }, 240_000);
});
