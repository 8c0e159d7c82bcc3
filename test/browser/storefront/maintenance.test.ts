import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { koreanDateTime } from '../../../server/src/contracts/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { logInToConsole, toast } from '../console/support.js';
import { createService } from '../../api/ordering/fixtures.js';
import { memberWithPoints, openScreen as open, operator, pageWidth as widthOf, signedIn } from './storefront.js';

const MESSAGE = '서버 이전 작업으로 점검 중입니다. 진행 중인 주문은 그대로 처리됩니다.';
const HOUR = 3_600_000;

/** 점검 모드 on a 390 px phone: the banner with the operator's message and end, on the order and charge pages. */
describe('storefront in maintenance at 390px', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await createService(h.t, { point: '2.5', min: 10, max: 1000 });
    await operator(h).settings({
      BANKING_NAME: '국민은행',
      BANKING_ACCOUNT_NUMBER: '123456-01-234567',
      POINT_CHARGE_BUTTON_OPTIONS: [10_000, 50_000],
    });
  });
  afterAll(async () => {
    h.t.app.get(Clock).reset();
    await h.close();
  });

  it('announces a scheduled window, then shows the message and the end on /order and /point, fitting 390px', async () => {
    const clock = h.t.app.get(Clock);
    const from = new Date(clock.now().getTime() + HOUR).toISOString();
    const until = new Date(clock.now().getTime() + 3 * HOUR).toISOString();
    await operator(h).put('/api/admin/settings/maintenance', {
      values: {
        ENABLE_SERVICE_CHECK: true,
        SERVICE_CHECK_MESSAGE: MESSAGE,
        SERVICE_CHECK_FROM: from,
        SERVICE_CHECK_UNTIL: until,
      },
    });
    const member = await memberWithPoints(h, 50_000n);
    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);

    // Before FROM: announced, ordering open.
    await open(page, '/order');
    const upcoming = page.getByTestId('service-check-upcoming');
    await upcoming.waitFor();
    expect(await upcoming.textContent()).toContain(koreanDateTime(from));
    expect(await page.getByTestId('service-check').count()).toBe(0);

    // From FROM (the server's clock): the banner with the message and the expected end.
    clock.travel(HOUR);
    await open(page, '/order');
    const banner = page.getByTestId('service-check');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('서비스 점검 중입니다.');
    expect(text).toContain(MESSAGE);
    expect(text).toContain(`점검 종료 예정 ${koreanDateTime(until)}`);
    expect(await widthOf(page)).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'maintenance-390');

    // /point: no charge form while on; the history stays.
    await open(page, '/point');
    await page.getByTestId('service-check').waitFor();
    expect(await page.getByTestId('service-check').textContent()).toContain('점검 중에는 충전이 불가능합니다.');
    expect(await page.getByRole('button', { name: '충전 신청' }).count()).toBe(0);
    expect(await widthOf(page)).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'maintenance-point-390');

    // The account page keeps working.
    await open(page, '/account');
    expect(await page.getByTestId('service-check').count()).toBe(0);
    await page.getByRole('heading', { name: '계정 설정' }).waitFor();
    await page.getByTestId('sessions').waitFor();

    // At UNTIL it ends by itself: the charge form is back.
    clock.travel(2 * HOUR);
    await open(page, '/point');
    await page.getByRole('button', { name: '충전 신청' }).waitFor();
    expect(await page.getByTestId('service-check').count()).toBe(0);
  });

  it('the console saves the switch, the message and the window together, in Korean time', async () => {
    const clock = h.t.app.get(Clock);
    clock.reset();
    await h.t.app.get(SettingsService).setMaintenance({
      ENABLE_SERVICE_CHECK: false,
      SERVICE_CHECK_MESSAGE: '',
      SERVICE_CHECK_FROM: '',
      SERVICE_CHECK_UNTIL: '',
    });
    const page = await logInToConsole(h);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: '기능 스위치', exact: true }).waitFor();
    const year = clock.now().getUTCFullYear() + 1;
    await page.locator('textarea[name="SERVICE_CHECK_MESSAGE"]').first().fill('정기 점검입니다.');
    await page.locator('input[name="SERVICE_CHECK_FROM"]').fill(`${year}-01-10T02:00`);
    await page.locator('input[name="SERVICE_CHECK_UNTIL"]').fill(`${year}-01-10T01:00`);
    await page.getByRole('button', { name: '설정 저장' }).click();
    // A backwards window is refused under its end; nothing was written.
    await page.getByText('점검 종료 시각은 시작 시각보다 뒤여야 합니다.').first().waitFor();
    expect(await h.t.app.get(SettingsService).get('SERVICE_CHECK_MESSAGE')).toBe('');

    await page.locator('input[name="SERVICE_CHECK_UNTIL"]').fill(`${year}-01-10T06:30`);
    await page.getByLabel('서비스 점검').check();
    await page.getByRole('button', { name: '설정 저장' }).click();
    await toast(page, '4개 항목을 저장했습니다.').waitFor();
    const view = (await h.t.http.get('/api/service/maintenance').expect(200)).body;
    expect(view).toEqual({
      active: false,
      upcoming: true,
      message: '정기 점검입니다.',
      from: `${year}-01-09T17:00:00.000Z`,
      until: `${year}-01-09T21:30:00.000Z`,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'console-maintenance-390');
  });
});
