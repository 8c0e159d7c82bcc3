import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { TEST_OPERATOR } from '../../support/test-app.js';
import { submitConsoleLogin } from '../console/support.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Refill } from '../../../server/src/modules/ordering/entities.js';
import { REFILL_MESSAGES } from '../../../server/src/contracts/index.js';
import { createService, em } from '../../api/ordering/fixtures.js';
import { report } from '../../api/reseller/fixtures.js';
import { memberWithPoints, operator, ready, signedIn } from '../storefront/storefront.js';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

/** Logs in on the console at the given width; answers once the app is there. */
async function consoleAt(h: BrowserHarness, size: { width: number; height: number }): Promise<Page> {
  const page = await h.newPage(size);
  await page.goto('/admin/login');
  await submitConsoleLogin(page, TEST_OPERATOR);
  return page;
}

/**
 * The support desk end to end at 390 px: a member asks a refill of two orders (one eligible, one not); the
 * eligible refill is requested at once, the other waits; an operator answers from a phone with a saved reply;
 * the member sees the answer and its mail. Screenshots of both sides at 390 and 1440 px.
 */
describe('support desk journey', () => {
  let h: BrowserHarness;

  beforeAll(async () => {
    h = await startBrowserHarness();
  }, 90_000);
  afterAll(() => h.close());

  it('refill ticket → settled at once where the rules allow, answered from a phone with a saved reply', async () => {
    const member = await memberWithPoints(h, 50_000n);
    const service = await createService(h.t, { refill: true, refillDays: 30, text: '🇰🇷 인스타 팔로워 (30일 리필)' });
    const place = async (n: number) =>
      (
        await h.t.app.get(OrderingFacade).placeOrder(member.id, {
          serviceId: service.id,
          link: `https://instagram.com/p/journey${n}`,
          amount: 100,
          runs: 0,
          interval: 0,
        })
      ).placed.orderId;
    const done = await place(1);
    await report(h.t, done, { status: OrderStatus.COMPLETED });
    const running = await place(2);
    const op = operator(h);
    await op.post('/api/admin/saved-replies', {
      title: '리필 안내',
      body: '확인했습니다. 진행 중인 주문은 완료 후 리필을 요청해 주세요. 완료된 주문의 리필은 24시간 안에 시작됩니다.',
    });

    // The member, on a phone: the 문의 button of the finished order opens /support prefilled as a refill request.
    const phone = await h.newPage(PHONE);
    await signedIn(phone, member);
    await phone.goto('/order-history');
    await ready(phone);
    // The finished order's row offers a refill request (contracts' rule), the running one a plain 문의.
    await phone.locator(`a[href="/support?orders=${running}"]`).waitFor();
    await phone.locator(`a[href="/support?type=REFILL&orders=${done}"]`).click();
    await phone.waitForURL(/\/support\?/);
    const orders = phone.getByLabel('주문번호');
    expect(await orders.inputValue()).toBe(String(done));
    expect(await phone.getByLabel('문의 유형').inputValue()).toBe('REFILL');
    await orders.fill(`${done}, ${running}`);
    await phone
      .getByLabel('내용')
      .fill('팔로워가 빠졌어요. 두 주문 모두 리필 부탁드립니다. https://instagram.com/p/journey1');
    await h.screenshot(phone, 'support-member-new-390');
    await phone.getByRole('button', { name: '문의하기' }).click();
    await phone.waitForURL(/\/support\/\d+$/);
    const ticketId = Number(new URL(phone.url()).pathname.split('/').pop());
    const refill = await em(h.t).findOneOrFail(Refill, { orderId: done });
    await phone.getByText(`주문 ${done}: 리필 요청됨 (리필 ${refill.id})`).waitFor();
    await phone.getByText(`주문 ${running}: ${REFILL_MESSAGES.notFinished}`).waitFor();
    // The link in the member's text is a link, nothing else is markup.
    expect(await phone.getByRole('link', { name: 'https://instagram.com/p/journey1' }).count()).toBe(1);
    await h.screenshot(phone, 'support-member-ticket-390');

    // The operator, on a phone: the inbox shows the unread ticket; the ticket page answers with the saved reply.
    const desk = await consoleAt(h, PHONE);
    await desk.goto('/admin/tickets');
    await desk.getByText(`#${ticketId} [리필 요청]`).click();
    await desk.waitForURL(/\/tickets\/\d+\/show/);
    await desk.getByText(`주문 ${running}: ${REFILL_MESSAGES.notFinished}`).waitFor();
    await h.screenshot(desk, 'support-console-ticket-390');
    await desk.getByLabel('저장된 답변').click();
    await desk.getByRole('option', { name: '리필 안내' }).click();
    await desk.getByRole('button', { name: '답변 보내기' }).click();
    await desk.getByText('답변을 등록했습니다. 회원이 고른 방법(알림톡·SMS·메일)으로 알립니다.').waitFor();
    await desk.getByText('답변 완료').first().waitFor();
    await h.screenshot(desk, 'support-console-answered-390');

    // The member sees the answer, and its mail is in the outbox.
    await phone.reload();
    await phone.getByText('확인했습니다. 진행 중인 주문은 완료 후 리필을 요청해 주세요.', { exact: false }).waitFor();
    await h.screenshot(phone, 'support-member-answered-390');
    // No phone: 문의 답변 goes by mail, through the delivery outbox (the console lists it masked, so read the row).
    const [mail] = await em(h.t)
      .getConnection()
      .execute(`select channel, payload from delivery where member_id = ? and event = 'ticket.answered'`, [member.id]);
    expect(mail.channel).toBe('EMAIL');
    expect(mail.payload.subject).toBe('[1:1 문의] 답변이 등록되었습니다: 리필 요청');
    expect(mail.payload.text).toContain('완료된 주문의 리필은 24시간 안에 시작됩니다.');
    const ticket = await op.get(`/api/admin/tickets/${ticketId}`);
    const settled = (ticket.messages as { author: string; body: string }[])
      .filter((m) => m.author === 'SYSTEM')
      .flatMap((m) => m.body.split('\n'))
      .filter((line) => line.includes('리필 요청됨')).length;
    // The figure the issue asks for: refill requests the journey settled without an operator.
    console.log(
      `support desk journey: ${settled} of 2 refill requests settled without an operator (ticket #${ticketId})`,
    );
    expect(settled).toBe(1);

    // Both sides at 1440 px.
    const wide = await h.newPage(DESK);
    await signedIn(wide, member);
    await wide.goto(`/support/${ticketId}`);
    await wide.getByText('확인했습니다.', { exact: false }).waitFor();
    await h.screenshot(wide, 'support-member-ticket-1440');
    await wide.goto('/support');
    await wide.getByText('문의 내역').waitFor();
    await h.screenshot(wide, 'support-member-list-1440');
    const console1440 = await consoleAt(h, DESK);
    await console1440.goto('/admin/tickets?filter=%7B%7D');
    await console1440.getByText('리필 요청').first().waitFor();
    await h.screenshot(console1440, 'support-console-inbox-1440');
    await console1440.goto(`/admin/tickets/${ticketId}/show`);
    await console1440.getByText('확인했습니다.', { exact: false }).first().waitFor();
    await h.screenshot(console1440, 'support-console-ticket-1440');
    await desk.goto('/admin/tickets?filter=%7B%7D');
    await desk.getByText(`#${ticketId} [리필 요청]`).waitFor();
    await h.screenshot(desk, 'support-console-inbox-390');
  }, 420_000);
});
