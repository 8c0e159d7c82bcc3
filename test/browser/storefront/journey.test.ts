import type { Page } from 'playwright-core';
import { lastCode } from '../../support/identity.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { mainMenu, operator, ready, storageOf, toast } from './storefront.js';

/**
 * A customer's whole life on the storefront, against the real server on the embedded database: the shop
 * is set up through the operator API (settings, catalogue, content), the codes come from the outbox, an
 * operator accepts the charge. Each step builds on the one before it (one visitor, one account).
 */
describe('a customer on the storefront', () => {
  let h: BrowserHarness;
  let page: Page;
  const customer = {
    id: 'journey01',
    password: 'first-pass1',
    newPassword: 'second-pass2',
    email: 'Journey01@Example.com',
    phone: '01055501234',
  };
  const service = { text: '한국인 팔로워 (여정)', point: 5, min: 10, max: 1000 };
  let popupIds: number[];
  /** A Custom Comments service and a Package, in a category of their own. */
  const typed = {
    comments: { text: '한국인 커스텀 댓글 (여정)', point: '300', min: 2, max: 10 },
    bundle: { text: '스타터 패키지 (여정)', point: '900', min: 1, max: 1 },
    subscription: { text: '자동 좋아요 (여정)', point: '2', min: 10, max: 500 },
  };

  /** The customer's own view of a call, with the token the page holds. */
  const asCustomer = async (path: string) => {
    const res = await h.t.http
      .get(path)
      .set('Authorization', `Bearer ${await storageOf(page, 'jwt')}`)
      .expect(200);
    return res.body;
  };
  const balance = () => page.getByTestId('balance').first();
  const loginForm = () => page.getByRole('form', { name: '로그인' });
  /** Fills the login form (on /login) and submits it. */
  const logIn = async (password: string) => {
    await loginForm().getByLabel('아이디', { exact: true }).fill(customer.id);
    await loginForm().getByLabel('비밀번호').fill(password);
    await loginForm().getByRole('button', { name: '로그인' }).click();
  };
  const bodyRows = () => page.locator('table tbody tr');
  const cellsOf = (row: number) => bodyRows().nth(row).locator('td').allTextContents();

  beforeAll(async () => {
    h = await startBrowserHarness();
    const op = operator(h);
    await op.settings({
      FOOTER_COMPANY: '여정 주식회사',
      ENABLE_EMAIL_VERIFY: true,
      ENABLE_PHONE_NUMBER: true,
      ENABLE_REFERRAL: true,
      ENABLE_QNA: true,
      ENABLE_PAYMENT_TYPE: 'ALL',
      ENABLE_PAYMENT_FEE: true,
      POINT_CHARGE_BUTTON_OPTIONS: [10_000, 50_000],
      BANKING_NAME: '국민은행',
      BANKING_ACCOUNT_NUMBER: '123456-01-234567',
      BANKING_DISPLAY_TEXT: '예금주: 여정 주식회사',
      BANKING_BANKING_CODE: '004',
    });
    await op.post('/api/admin/platforms', { id: 'instagram', text: '인스타그램' });
    const category = await op.post('/api/admin/categories', { platform: 'instagram', text: '인스타그램 팔로워' });
    await op.post('/api/admin/services', {
      ...service,
      point: String(service.point),
      categoryId: category.id,
      enableAuto: true,
      notice: '공개 계정만 가능합니다.',
    });
    const typedCategory = await op.post('/api/admin/categories', {
      platform: 'instagram',
      text: '인스타그램 댓글·패키지',
    });
    await op.post('/api/admin/services', {
      ...typed.comments,
      categoryId: typedCategory.id,
      type: 'Custom Comments',
      notice: '댓글을 한 줄에 하나씩 입력해 주세요.',
    });
    await op.post('/api/admin/services', {
      ...typed.bundle,
      categoryId: typedCategory.id,
      type: 'Package',
      notice: '팔로워 100 + 좋아요 300',
    });
    await op.post('/api/admin/services', {
      ...typed.subscription,
      categoryId: typedCategory.id,
      type: 'Subscriptions',
      notice: '새 게시물마다 좋아요가 자동으로 진행됩니다.',
    });
    await op.post('/api/admin/register-wheres', { text: '지인 추천' });
    await op.post('/api/admin/notices', { content: '여정 고정 공지', isTop: true, bgColor: '#fff3cd' });
    await op.post('/api/admin/faqs', { title: '충전은 언제 되나요?', answer: '입금 확인 후 1~10분 안에 충전됩니다.' });
    const image = await op.upload('popup-notice.png');
    popupIds = [
      (await op.post('/api/admin/popups', { imageUrl: image })).id,
      (await op.post('/api/admin/popups', { imageUrl: image })).id,
    ];
    page = await h.newPage();
  }, 120_000);
  afterAll(() => h.close());

  it('shows the popups; 오늘 하루 보지 않기 hides one for today only, 닫기 and a click outside only for now', async () => {
    const popups = await h.newPage({ width: 390, height: 844 });
    await popups.goto('/order');
    // The app has taken the popup over from the static first paint (a click in the handover could land on neither).
    await ready(popups);
    const dialog = popups.getByRole('dialog', { name: '공지 팝업' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    const today = await popups.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(JSON.parse((await storageOf(popups, 'popup-hidden'))!)).toEqual([
      { popupId: String(popupIds[0]), date: today },
    ]);
    // The second popup follows; 닫기 closes it for this visit.
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '닫기' }).click();
    await dialog.waitFor({ state: 'detached' });
    await popups.reload();
    await ready(popups);
    // Only the second comes back; a click outside it closes it.
    await dialog.waitFor();
    await popups.getByTestId('popup').click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: 'detached' });
    expect(JSON.parse((await storageOf(popups, 'popup-hidden'))!)).toHaveLength(1);
    // A record of another day hides nothing: both popups show again, one after the other.
    await popups.evaluate(
      (id) => localStorage.setItem('popup-hidden', JSON.stringify([{ popupId: String(id), date: '20000101' }])),
      popupIds[0],
    );
    await popups.reload();
    for (let i = 0; i < 2; i++) await dialog.getByRole('button', { name: '닫기' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The rest of the journey runs without popups.
    for (const id of popupIds) await operator(h).put(`/api/admin/popups/${id}`, { enabled: false });
  });

  it('browses as a guest: the catalogue and notices, no member pages, then goes to sign up', async () => {
    await page.goto('/');
    await page.waitForURL('**/order');
    await mainMenu(page).getByRole('button', { name: '둘러보기' }).click();
    await mainMenu(page).getByRole('link', { name: '자주묻는질문' }).waitFor();
    await page.getByRole('radio', { name: '인스타그램' }).waitFor();
    expect(await page.getByLabel('상품').locator('option:checked').textContent()).toBe(service.text);
    expect(await page.getByTestId('notices').textContent()).toContain('여정 고정 공지');
    expect(await page.getByTestId('service-notice').textContent()).toContain('공개 계정만 가능합니다.');
    // A guest is asked to log in to order, and told why member pages do not open.
    await page.getByLabel('링크').fill('https://www.instagram.com/guest/');
    await page.getByRole('button', { name: '주문하기' }).click();
    const prompt = page.getByRole('dialog', { name: '로그인이 필요합니다' });
    await prompt
      .getByText('주문하려면 로그인해 주세요. 입력하신 주문 내용은 로그인 후에도 그대로 남아 있습니다.')
      .waitFor();
    await prompt.getByRole('button', { name: '닫기' }).click();
    await prompt.waitFor({ state: 'detached' });
    await mainMenu(page).getByRole('link', { name: '주문내역' }).click();
    await page.waitForURL('**/order');
    await prompt.getByText('회원만 이용할 수 있는 메뉴입니다. 로그인 후 이용해 주세요.').waitFor();
    await prompt.getByRole('button', { name: '닫기' }).click();
    await mainMenu(page).getByRole('button', { name: '회원가입' }).click();
    await page.waitForURL('**/register');
  });

  it('signs up with the e-mail and phone codes the outbox received', async () => {
    await page.getByLabel('아이디').fill(customer.id);
    await page.getByLabel('비밀번호', { exact: true }).fill(customer.password);
    await page.getByLabel('비밀번호 재입력').fill(customer.password);
    await page.getByLabel('이메일', { exact: true }).fill(customer.email);
    // Submitting before sending the codes is refused in the server's words.
    await page.getByRole('button', { name: '회원가입' }).last().click();
    await page.getByText('인증번호를 먼저 발송해 주세요.').first().waitFor();

    await page.getByRole('button', { name: '인증번호 발송' }).first().click();
    await toast(page, '인증코드가 발송되었습니다.');
    expect(await page.getByLabel('이메일', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('이메일 인증번호').fill(await lastCode(h.t, customer.email.toLowerCase()));

    await page.getByLabel('휴대전화 번호').fill(customer.phone.slice(0, 10));
    await page.getByRole('button', { name: '인증번호 발송' }).click();
    await page.getByText('휴대전화 번호가 올바르지 않습니다').waitFor();
    await page.getByLabel('휴대전화 번호').fill(customer.phone);
    await page.getByRole('button', { name: '인증번호 발송' }).click();
    await toast(page, '인증번호가 발송되었습니다.');
    await page.getByLabel('휴대전화 인증번호').fill(await lastCode(h.t, customer.phone));
    await page.getByLabel('가입경로').selectOption('지인 추천');
    await page.getByLabel('[필수] 이용약관에 동의합니다').check();
    await page.getByLabel('[필수] 개인정보 수집·이용에 동의합니다').check();
    await page.getByRole('button', { name: '회원가입' }).last().click();
    await toast(page, '회원가입에 성공했습니다.');
    await page.waitForURL('**/login');
  });

  it('logs in (the find links show while e-mail verification is on) and lands on /order with 0원', async () => {
    await loginForm().getByRole('link', { name: '아이디 찾기' }).waitFor();
    await loginForm().getByRole('link', { name: '비밀번호 찾기' }).waitFor();
    await logIn(customer.password);
    await toast(page, '로그인에 성공했습니다.');
    await page.waitForURL('**/order');
    expect(await balance().textContent()).toBe('0원');
    expect((await asCustomer('/api/auth/profile')).id).toBe(customer.id);
  });

  it('requests a charge, sees the deposit instructions, and the balance once an operator accepts it', async () => {
    await mainMenu(page).getByRole('link', { name: '잔액충전' }).click();
    await page.waitForURL('**/point');
    await page.getByLabel('입금자명').fill('여정고객');
    await page.getByRole('button', { name: '+5만원' }).click();
    await page.getByRole('button', { name: '+1만원' }).click();
    expect(await page.getByTestId('charge-amount').textContent()).toBe('60,000원');
    await page.getByLabel('세금계산서').check();
    expect(await page.getByTestId('deposit-amount').textContent()).toBe('66,000원');
    await page.getByLabel('신청 안함').check();
    await page.getByRole('button', { name: '충전 신청' }).click();
    await toast(page, '아래 정보를 확인해주세요.');
    const panel = page.getByTestId('deposit-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('123456-01-234567');
    // BANKING_DISPLAY_TEXT "예금주: 여정 주식회사" under the 예금주 label, the word not repeated.
    expect(await panel.textContent()).toContain('예금주여정 주식회사');
    expect(await page.getByTestId('deposit-total').textContent()).toBe('60,000원');
    await page.locator('table tbody tr td', { hasText: '대기' }).waitFor();

    const [charge] = await operator(h).get(
      `/api/admin/charges?filter=${encodeURIComponent(JSON.stringify({ q: '여정고객' }))}`,
    );
    expect(charge).toMatchObject({ status: 'PENDING', point: 60_000 });
    await operator(h).post(`/api/admin/charges/${charge.id}/accept`);

    await page.reload();
    await ready(page);
    await page.getByText('60,000원').first().waitFor();
    expect(await balance().textContent()).toBe('60,000원');
    // The balance can show before the charge list has loaded.
    await page.locator('table tbody tr td', { hasText: '수락' }).waitFor();
    expect(await cellsOf(0)).toEqual(expect.arrayContaining([String(charge.id), '60,000원', '수락']));
  });

  it('orders once, then on repeat (an auto-order paying all runs up front)', async () => {
    await mainMenu(page).getByRole('link', { name: '주문하기' }).click();
    await page.waitForURL('**/order');
    await page.getByLabel('링크').fill('https://www.instagram.com/journey/');
    await page.getByLabel('수량').fill('20');
    expect(await page.getByTestId('total-cost').textContent()).toBe('100원');
    await page.getByRole('button', { name: '주문하기' }).click();
    await toast(page, '주문에 성공했습니다.');
    const single = page.getByTestId('order-success');
    await single.waitFor();
    await page.getByText('59,900원').first().waitFor();
    expect(await page.getByLabel('링크').inputValue()).toBe('');
    expect(await page.getByLabel('수량').inputValue()).toBe(String(service.min));

    await page.getByLabel(/자동 주문/).check();
    await page.getByLabel('반복 횟수').fill('3');
    await page.getByLabel('반복 간격 (분)').fill('30');
    await page.getByLabel('링크').fill('https://www.instagram.com/journey-auto/');
    await page.getByRole('button', { name: '주문하기' }).click();
    await page.getByText('반복 간격은 60분 이상의 정수로 입력해 주세요.').waitFor();
    await page.getByLabel('반복 간격 (분)').fill('60');
    expect(await page.getByTestId('total-quantity').textContent()).toBe('30개');
    expect(await page.getByTestId('total-cost').textContent()).toBe('150원');
    await page.getByRole('button', { name: '주문하기' }).click();
    await page.getByText('자동주문 번호').waitFor();
    await page.getByText('59,750원').first().waitFor();
    expect(await balance().textContent()).toBe('59,750원');
  });

  it('sees both orders in the order history and the auto-order in its own history, as the server has them', async () => {
    const orders = await asCustomer('/api/service/order-history');
    const autos = await asCustomer('/api/service/auto-order-history');
    // The single order and the auto-order's first run.
    expect(orders).toHaveLength(2);
    expect(autos).toHaveLength(1);

    await mainMenu(page).getByRole('link', { name: '주문내역' }).click();
    await page.waitForURL('**/order-history');
    await bodyRows().nth(1).waitFor();
    expect(await bodyRows().count()).toBe(2);
    const label: Record<string, string> = {
      PENDING: '접수완료',
      PROCESSING: '대기중',
      INPROGRESS: '진행중',
      COMPLETED: '완료',
      PARTIAL: '부분완료',
      CANCELED: '취소',
    };
    for (const [i, order] of orders.entries()) {
      const cells = await cellsOf(i);
      expect([cells[0], cells[2], cells[3], cells[4], cells[5], cells[6]]).toEqual([
        String(order.id),
        service.text,
        order.link,
        `${order.point}원`,
        String(order.amount),
        label[order.status],
      ]);
    }
    // Newest first: the auto-order's first run, then the single order.
    expect(orders.map((o: { link: string }) => o.link)).toEqual([
      'https://www.instagram.com/journey-auto/',
      'https://www.instagram.com/journey/',
    ]);
    const completed = page.waitForResponse(
      (r) => r.url().includes('/api/service/order-history?status=COMPLETED&page=1') && r.ok(),
    );
    await page.getByRole('button', { name: '완료', exact: true }).click();
    expect(await (await completed).json()).toEqual([]);
    await page.getByText('내역이 없습니다.').waitFor();

    await mainMenu(page).getByRole('link', { name: '자동주문 내역' }).click();
    await page.waitForURL('**/auto-order-history');
    const [auto] = autos;
    await bodyRows().filter({ hasText: auto.link }).waitFor();
    expect(await cellsOf(0)).toEqual([
      String(auto.id),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'https://www.instagram.com/journey-auto/',
      '150원',
      '10',
      service.text,
      `${auto.completed}/3`,
      '60분',
      '30',
      '진행중',
      '문의',
    ]);
    const active = page.waitForResponse(
      (r) => r.url().includes('/api/service/auto-order-history?status=ACTIVE&page=1') && r.ok(),
    );
    await page.getByRole('button', { name: '진행중' }).click();
    expect(await (await active).json()).toEqual(autos);
    await bodyRows()
      .first()
      .getByRole('cell', { name: String(auto.id), exact: true })
      .waitFor();
  });

  it('orders each service type at 390 px: the default form, custom comments with a live count, a package without quantity', async () => {
    const phone = await h.newPage({ width: 390, height: 844 });
    // The same customer on a phone: the journey's token, both popups hidden for today.
    await phone.context().addInitScript(
      ({ jwt, ids }) => {
        const d = new Date();
        const date = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
        localStorage.setItem('jwt', jwt);
        localStorage.setItem('popup-hidden', JSON.stringify(ids.map((id) => ({ popupId: String(id), date }))));
      },
      { jwt: (await storageOf(page, 'jwt'))!, ids: popupIds },
    );
    await phone.goto('/order');
    await ready(phone);
    await phone.getByLabel('수량').waitFor();
    await h.screenshot(phone, 'order-form-default-390');

    await phone.getByLabel('카테고리').selectOption({ label: '인스타그램 댓글·패키지' });
    const box = phone.getByLabel('댓글');
    await box.waitFor();
    expect(await phone.getByLabel('수량').count()).toBe(0);
    await phone.getByLabel('링크').fill('https://www.instagram.com/p/journey-comments/');
    await box.fill('사진 너무 예뻐요!\n\n정보 감사합니다 :)\n다음 글도 기대할게요');
    await phone.getByTestId('comment-count').getByText('댓글 3개', { exact: false }).waitFor();
    expect(await phone.getByTestId('total-quantity').textContent()).toBe('3개');
    expect(await phone.getByTestId('total-cost').textContent()).toBe('900원');
    await h.screenshot(phone, 'order-form-custom-comments-390');
    await phone.getByRole('button', { name: '주문하기' }).click();
    await phone.getByTestId('success-comments').waitFor();
    expect(await phone.getByTestId('success-comments').textContent()).toBe(
      '사진 너무 예뻐요!\n정보 감사합니다 :)\n다음 글도 기대할게요',
    );

    await phone.getByLabel('상품').selectOption({ label: typed.bundle.text });
    await phone.getByTestId('package-note').waitFor();
    expect(await phone.getByLabel('수량').count()).toBe(0);
    expect(await phone.getByTestId('total-cost').textContent()).toBe('900원');
    await phone.getByLabel('링크').fill('https://www.instagram.com/journey-package/');
    await h.screenshot(phone, 'order-form-package-390');
    await phone.getByRole('button', { name: '주문하기' }).click();
    await phone.locator('.order-total').getByText('57,950원').waitFor();

    const orders = await asCustomer('/api/service/order-history');
    expect(orders.slice(0, 2)).toEqual([
      expect.objectContaining({
        link: 'https://www.instagram.com/journey-package/',
        amount: 1,
        point: 900,
        serviceType: 'Package',
        comments: null,
      }),
      expect.objectContaining({
        amount: 3,
        point: 900,
        serviceType: 'Custom Comments',
        comments: '사진 너무 예뻐요!\n정보 감사합니다 :)\n다음 글도 기대할게요',
      }),
    ]);
    await phone.goto('/order-history');
    await phone.getByText('댓글 3개 보기').waitFor();

    // A subscription (자동 좋아요): its own fields instead of link and quantity, paid for max × posts.
    await phone.goto('/order');
    await ready(phone);
    await phone.getByLabel('카테고리').selectOption({ label: '인스타그램 댓글·패키지' });
    await phone.getByLabel('상품').selectOption({ label: typed.subscription.text });
    await phone.getByTestId('subscription-fields').waitFor();
    expect(await phone.getByLabel('링크').count()).toBe(0);
    await phone.getByLabel('계정 아이디 (username)').fill('journey.insta');
    await phone.getByLabel('게시물당 최대 수량').fill('20');
    await phone.getByLabel('게시물 수').fill('2');
    await phone.getByLabel('지연 시간').selectOption('30');
    expect(await phone.getByTestId('subscription-cost').textContent()).toBe('80원');
    await h.screenshot(phone, 'order-form-subscription-390');
    await phone.getByRole('button', { name: '구독 신청' }).click();
    await phone.getByText('구독을 신청했습니다.', { exact: false }).waitFor();
    await phone.goto('/subscription-history');
    await phone.getByText('journey.insta').waitFor();
    expect(await asCustomer('/api/service/subscriptions')).toEqual([
      expect.objectContaining({
        username: 'journey.insta',
        min: 10,
        max: 20,
        posts: 2,
        delay: 30,
        point: 80,
        status: 'ACTIVE',
      }),
    ]);
    await phone.close();
    // A new page, two orders and three full-page screenshots on a shared two-core machine.
  }, 120_000);

  it('renews the API key on the account page', async () => {
    await mainMenu(page).getByRole('link', { name: '계정 설정' }).click();
    await page.waitForURL('**/account');
    expect(await page.getByLabel('아이디', { exact: true }).inputValue()).toBe(customer.id);
    const key = page.getByTestId('api-key');
    const before = await key.textContent();
    await page.getByRole('button', { name: /^(재발급|발급)$/ }).click();
    await toast(page, 'API 키가 재발급 되었습니다.');
    const { apiKey } = await asCustomer('/api/auth/profile');
    expect(apiKey).toBeTruthy();
    expect(apiKey).not.toBe(before);
    await page.getByTestId('api-key').getByText(apiKey, { exact: true }).waitFor();
  });

  it('changes the password, is logged out, and logs in again with the new one only', async () => {
    await page.getByLabel('현재 비밀번호').fill('not-my-password');
    await page.getByLabel('새 비밀번호', { exact: true }).fill(customer.newPassword);
    await page.getByLabel('새 비밀번호 확인').fill(customer.newPassword);
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await toast(page, '현재 비밀번호가 다릅니다.');
    await page.getByLabel('현재 비밀번호').fill(customer.password);
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await toast(page, '비밀번호가 변경되었습니다.');
    await page.waitForURL('**/order');
    await mainMenu(page).getByRole('button', { name: '둘러보기' }).waitFor();
    expect(await storageOf(page, 'jwt')).toBeNull();

    await page.goto('/login');
    await logIn(customer.password);
    await toast(page, '아이디 또는 비밀번호가 다릅니다.');
    await logIn(customer.newPassword);
    await page.waitForURL('**/order');
    // After the custom comments and the package (900원 each) and the subscription (80원 up front).
    expect(await balance().textContent()).toBe('57,870원');
  });

  it('deletes the account with two clicks, becomes a guest, and cannot log in any more', async () => {
    await page.goto('/account');
    await ready(page);
    await page.getByRole('button', { name: '회원 탈퇴' }).click();
    const confirm = page.getByRole('button', { name: '정말 탈퇴하시겠습니까?' });
    await confirm.waitFor();
    expect(await asCustomer('/api/auth/profile')).toMatchObject({ id: customer.id });
    await confirm.click();
    await toast(page, '회원탈퇴가 완료되었습니다.');
    await page.waitForURL('**/order');
    // Guest mode: the member links, 로그인 and 회원가입, no 둘러보기.
    await mainMenu(page).getByRole('link', { name: '주문내역' }).waitFor();
    expect(await mainMenu(page).getByRole('button', { name: '둘러보기' }).count()).toBe(0);
    expect(await storageOf(page, 'jwt')).toBeNull();

    await mainMenu(page).getByRole('button', { name: '로그인' }).click();
    await page.waitForURL('**/login');
    await logIn(customer.newPassword);
    await toast(page, '아이디 또는 비밀번호가 다릅니다.');
    expect(page.url()).toMatch(/\/login$/);
  });
});
