import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { balanceOf, configureBanking, logInToConsole, toast } from './support.js';

describe('operator console: charges and deposits against the real server', () => {
  let h: BrowserHarness;
  let member: TestMember;
  let admin: string;
  const balance = () => balanceOf(h, member);
  const requestCharge = async (name: string, point: number) =>
    (await h.t.http.post('/api/service/point').set('Authorization', `Bearer ${member.token}`).send({ name, point, feeType: 'NONE', feeValue: null }).expect(201)).body;

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
    await toast(page, '충전을 수락했습니다.').waitFor();
    // The ledger entry the accept wrote.
    expect(await page.getByTestId('ledger-result').textContent()).toContain('+50,000원 → 잔액 50,000원');
    await page.getByRole('button', { name: '닫기' }).click();
    expect(await balance()).toBe(50000);
    await hong.waitFor({ state: 'detached' });

    const kim = page.locator('tr', { hasText: '김철수' });
    await kim.getByRole('button', { name: '거절' }).click();
    await page.getByText('이 충전 요청을 거절하시겠습니까?').waitFor();
    await h.screenshot(page, 'console-charge-reject-confirm');
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '충전을 거절했습니다.').waitFor();
    expect(await balance()).toBe(50000);
    const charges = (await h.t.http.get('/api/admin/charges').set('Authorization', admin).expect(200)).body as { depositorName: string; status: string }[];
    expect(charges.map((c) => [c.depositorName, c.status]).sort()).toEqual([
      ['김철수', 'FAIL'],
      ['홍길동', 'SUCCESS'],
    ]);
    await page.getByTestId('tab-SUCCESS').click();
    await page.locator('tr', { hasText: '홍길동' }).waitFor();
    await h.screenshot(page, 'console-charges');
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
      .send({ bankTransactionId: 'tx-manual-1', depositorName: '다른 이름', amount: 8000, depositedAt: new Date().toISOString() })
      .expect(201);
    const charges = (await h.t.http.get('/api/admin/charges').set('Authorization', admin).expect(200)).body as { id: number; depositorName: string }[];
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
