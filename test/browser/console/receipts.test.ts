import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { startFakePopbill, popbillEnv, type FakePopbill } from '../../support/fake-popbill.js';
import { createMember } from '../../support/members.js';
import { setSettings } from '../../support/identity.js';
import { configureBilling } from '../../api/billing/billing-support.js';
import {
  acceptedCharge,
  BAD_INVOICE,
  GOOD_INVOICE,
  receiptOf,
  runJob,
  SHOP,
} from '../../api/receipts/receipts-support.js';
import { ready, signedIn } from '../storefront/storefront.js';
import { logInToConsole, toast } from './support.js';

const PHONE = { width: 390, height: 844 };

/** 증빙 발행 on a phone (cards, the held refusal, 직접 발행) and at 1440 px, and the member's 충전 내역 with its 증빙. */
describe('증빙 발행', () => {
  let h: BrowserHarness;
  let toss: FakeToss;
  let popbill: FakePopbill;

  beforeAll(async () => {
    toss = await startFakeToss();
    popbill = await startFakePopbill();
    h = await startBrowserHarness({ ...tossEnv(toss), ...popbillEnv(popbill) });
    await configureBilling(h.t);
    await setSettings(h.t, SHOP);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await toss?.close();
    await popbill?.close();
  });

  it("shows the documents as cards at 390 px, the refusal in Popbill's words, and records one issued by hand", async () => {
    const member = await createMember(h.t);
    await acceptedCharge(h.t, member, 10_000, { feeType: 'CASH', feeValue: { phone: '01012345678' } });
    await acceptedCharge(h.t, member, 20_000, { feeType: 'FEE', feeValue: GOOD_INVOICE });
    const held = await acceptedCharge(h.t, member, 30_000, { feeType: 'FEE', feeValue: BAD_INVOICE });
    await runJob(h.t);
    await acceptedCharge(h.t, member, 5_000, { feeType: 'CASH', feeValue: { phone: '01098765432' } });
    const heldId = (await receiptOf(h.t, held)).id;

    const desk = await logInToConsole(h);
    await desk.setViewportSize(PHONE);
    await desk.goto('/admin/receipts');
    const cards = desk.getByTestId('receipt-cards');
    await cards.getByText('공급받는자 사업자등록번호가 유효하지 않습니다', { exact: false }).waitFor();
    await desk.getByTestId('receipt-totals').waitFor();
    // Nothing wider than the phone: the cards, the totals row scrolls inside itself.
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await h.screenshot(desk, 'receipts-console-390');

    const card = cards.locator('.MuiCard-root', { hasText: `#${heldId} ·` });
    await card.getByRole('button', { name: '직접 발행' }).click();
    await desk.getByLabel('홈택스 국세청 승인번호').fill('20261128-41000000-77777777');
    await desk.getByRole('button', { name: '확인' }).click();
    await toast(desk, '직접 발행으로 기록했습니다.').waitFor();
    await card.getByText('승인번호 20261128-41000000-77777777').waitFor();
    expect((await receiptOf(h.t, held)).status).toBe('MANUAL');
    await h.screenshot(desk, 'receipts-console-390-manual');

    await desk.setViewportSize({ width: 1440, height: 900 });
    await desk.goto('/admin/receipts');
    await desk.getByRole('button', { name: 'CSV 내보내기' }).waitFor();
    await desk.locator('table').getByText('20261128-41000000-77777777').waitFor();
    await h.screenshot(desk, 'receipts-console-1440');

    const phone = await h.newPage(PHONE);
    await signedIn(phone, member);
    await phone.goto('/point');
    await ready(phone);
    await phone.getByText('현금영수증 발행됨').first().waitFor();
    await phone.getByText('세금계산서 직접 발행').first().waitFor();
    await phone.getByText('현금영수증 대기').first().waitFor();
    await phone.getByText('충전 내역').scrollIntoViewIfNeeded();
    // The history table scrolls sideways on a phone: show its 증빙 column.
    await phone.getByTestId(`receipt-${held}`).scrollIntoViewIfNeeded();
    await h.screenshot(phone, 'receipts-member-history-390');
    const wide = await h.newPage();
    await signedIn(wide, member);
    await wide.goto('/point');
    await ready(wide);
    await wide.getByText('현금영수증 발행됨').first().waitFor();
    await h.screenshot(wide, 'receipts-member-history-1440');
  });
});
