import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { balanceOf, configureBanking, logInToConsole, toast } from './support.js';

/** The value once it equals `want` (checked every 250 ms, up to 15 s), else the last one read. */
async function settled<T>(read: () => Promise<T>, want: T): Promise<T> {
  let value = await read();
  for (let i = 0; i < 60 && value !== want; i++) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

describe('operator console: charges and deposits against the real server', () => {
  let h: BrowserHarness;
  let member: TestMember;
  let admin: string;
  const balance = () => balanceOf(h, member);
  const requestCharge = async (name: string, point: number) =>
    (
      await h.t.http
        .post('/api/service/point')
        .set('Authorization', `Bearer ${member.token}`)
        .send({ name, point, feeType: 'NONE', feeValue: null })
        .expect(201)
    ).body;

  beforeAll(async () => {
    h = await startBrowserHarness();
    admin = `Bearer ${await h.t.operatorToken()}`;
    member = await createMember(h.t);
    await configureBanking(h, admin);
  }, 60_000);
  afterAll(() => h.close());

  it('accepts a pending charge in one click (the member is credited), rejects another after confirmation', async () => {
    await requestCharge('홍길동', 50000);
    await requestCharge('김철수', 20000);
    expect(await balance()).toBe(0);
    const page = await logInToConsole(h);
    await page.goto('/admin/charges');
    const hong = page.locator('tr', { hasText: '홍길동' });
    await hong.getByRole('button', { name: '수락' }).click();
    // One tap: the row leaves the waiting list at once and a short notice offers 실행 취소 (no dialog to close).
    await toast(page, /^충전 #\d+을 수락했습니다\.$/).waitFor();
    await hong.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The accept is sent when the undo window closes: then the member is credited, once, through the ledger.
    await toast(page, /^충전 #\d+을 수락했습니다\.$/).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await settled(balance, 50000)).toBe(50000);
    expect(await page.locator('tr', { hasText: '홍길동' }).count()).toBe(0);

    const kim = page.locator('tr', { hasText: '김철수' });
    await kim.getByRole('button', { name: '거절' }).click();
    await page.getByText('이 충전 요청을 거절하시겠습니까?').waitFor();
    await h.screenshot(page, 'console-charge-reject-confirm');
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '충전을 거절했습니다.').waitFor();
    expect(await balance()).toBe(50000);
    const charges = (await h.t.http.get('/api/admin/charges').set('Authorization', admin).expect(200)).body as {
      depositorName: string;
      status: string;
    }[];
    expect(charges.map((c) => [c.depositorName, c.status]).sort()).toEqual([
      ['김철수', 'FAIL'],
      ['홍길동', 'SUCCESS'],
    ]);
    await page.getByTestId('tab-SUCCESS').click();
    await page.locator('tr', { hasText: '홍길동' }).waitFor();
    await h.screenshot(page, 'console-charges');
  }, 120_000);

  it('undoes an accept within the notice: the charge stays waiting and nothing reaches the ledger', async () => {
    const charge = await requestCharge('되돌림', 7000);
    const before = await balance();
    const page = await logInToConsole(h);
    await page.goto('/admin/charges');
    const row = page.locator('tr', { hasText: '되돌림' });
    await row.getByRole('button', { name: '수락' }).click();
    await row.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '실행 취소' }).click();
    await page.locator('tr', { hasText: '되돌림' }).waitFor({ state: 'visible' });
    // Past the undo window nothing was sent.
    await page.waitForTimeout(6000);
    expect(
      (await h.t.http.get(`/api/admin/charges/${charge.chargeId}`).set('Authorization', admin).expect(200)).body.status,
    ).toBe('PENDING');
    expect(await balance()).toBe(before);
  }, 120_000);

  it('at 390px the charges are cards with name, amount, time left and both commands in reach', async () => {
    await requestCharge('모바일고객', 30000);
    const before = await balance();
    const page = await logInToConsole(h);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/charges');
    const card = page.locator('[data-testid^="charge-card-"]', { hasText: '모바일고객' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/30,000원.*[0-9]+시간 [0-9]+분 남음/);
    const accept = card.getByRole('button', { name: '수락' });
    const reject = card.getByRole('button', { name: '거절' });
    for (const button of [accept, reject]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'console-charges-390');
    await accept.click();
    await card.waitFor({ state: 'hidden' });
    await toast(page, /^충전 #\d+을 수락했습니다\.$/).waitFor();
    expect(await settled(balance, before + 30000)).toBe(before + 30000);
  }, 120_000);

  it('bulk-accepts the selected pending charges', async () => {
    await requestCharge('일괄가', 1000);
    await requestCharge('일괄나', 2000);
    const before = await balance();
    const page = await logInToConsole(h);
    await page.goto('/admin/charges');
    for (const name of ['일괄가', '일괄나']) await page.locator('tr', { hasText: name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: '선택 수락' }).click();
    await toast(page, '2건 수락했습니다.').waitFor();
    expect(await balance()).toBe(before + 3000);
  }, 120_000);

  it('matches an unmatched deposit to a pending charge by hand, crediting the member', async () => {
    await requestCharge('매칭대상', 8000);
    await h.t.http
      .post('/api/admin/deposits')
      .set('Authorization', admin)
      .send({
        bankTransactionId: 'tx-manual-1',
        depositorName: '다른 이름',
        amount: 8000,
        depositedAt: new Date().toISOString(),
      })
      .expect(201);
    const charges = (await h.t.http.get('/api/admin/charges').set('Authorization', admin).expect(200)).body as {
      id: number;
      depositorName: string;
    }[];
    const chargeId = charges.find((c) => c.depositorName === '매칭대상')!.id;
    const before = await balance();
    const page = await logInToConsole(h);
    await page.goto('/admin/deposits');
    const row = page.locator('tr', { hasText: '다른 이름' });
    await row.getByText('미매칭').waitFor();
    await row.getByRole('button', { name: '수동 매칭' }).click();
    await page.getByRole('dialog').getByLabel('충전 요청 번호').fill(String(chargeId));
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '입금을 충전 요청에 매칭했습니다.').waitFor();
    expect(await page.getByTestId('ledger-result').textContent()).toContain('+8,000원');
    await page.getByRole('button', { name: '닫기' }).click();
    await row.getByText('매칭됨').waitFor();
    expect(await balance()).toBe(before + 8000);
    // The member's page lists their charges.
    await page.goto(`/admin/members/${member.id}/show/charges`);
    await page.locator('tr', { hasText: '매칭대상' }).waitFor();
  }, 120_000);
});
