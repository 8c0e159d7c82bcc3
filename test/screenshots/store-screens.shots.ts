import type { Locator, Page } from 'playwright-core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Delivery } from '../../server/src/modules/delivery/entities.js';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.js';
import { clientIp } from '../support/members.js';
import { memberWithPoints, operator, ready, signedIn } from '../browser/storefront/storefront.js';

/** `SHOT_TAG=before|after`: which side of a change these pictures show (store-<screen>-<tag>-<width>.png). */
const TAG = process.env.SHOT_TAG ?? 'now';
const WIDTHS = [390, 1440] as const;

const shoot = async (h: BrowserHarness, target: Locator | Page, name: string, width: number) => {
  const file = `store-${name}-${TAG}-${width}`;
  if ('screenshot' in target && 'goto' in target) return h.screenshot(target, file);
  await (target as Locator).scrollIntoViewIfNeeded();
  return (target as Locator).screenshot({ path: `test-artifacts/screenshots/${file}.png` });
};

/** The storefront screens the account, mass-order and support changes touch, at 390px and 1440px. */
describe('storefront screens (account, mass order, ticket)', () => {
  let h: BrowserHarness;
  let serviceId = 0;
  beforeAll(async () => {
    h = await startBrowserHarness();
    const op = operator(h);
    await op.settings({ SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_shots', SITE_KAKAO_TEXT: '카카오톡 상담' });
    await op.post('/api/admin/platforms', { id: 'instagram', text: '인스타그램' });
    const category = await op.post('/api/admin/categories', { platform: 'instagram', text: '인스타그램 팔로워' });
    serviceId = (
      await op.post('/api/admin/services', {
        text: '🇰🇷 한국인 팔로워',
        point: '5',
        min: 10,
        max: 1000,
        categoryId: category.id,
      })
    ).id;
    await op.post('/api/admin/notices', { content: '고정 공지', isTop: true, bgColor: '#fff3cd' });
  });
  afterAll(() => h.close());

  for (const width of WIDTHS) {
    it(`account at ${width}px`, async () => {
      const member = await memberWithPoints(h, 0n);
      await h.t.http
        .put('/api/auth/webhook')
        .set('Authorization', `Bearer ${member.token}`)
        .send({ url: 'https://hooks.example.invalid/smm/webhook' });
      const em = h.t.app.get(MikroORM).em.fork();
      const now = new Date();
      for (let i = 0; i < 14; i++)
        em.create(Delivery, {
          channel: 'WEBHOOK',
          event: i === 13 ? 'webhook.test' : 'order.updated',
          memberId: member.id,
          recipient: 'https://hooks.example.invalid/smm/webhook',
          payload: {},
          dedupeKey: `shots:${member.id}:${i}`,
          messageId: `msg_shots_${member.id}_${i}`,
          sequenceKey: null,
          status: i % 2 ? 'SENT' : 'PENDING',
          attempts: i % 2 ? 1 : 4,
          nextAttemptAt: new Date(now.getTime() + 86_400_000),
          lastStatus: i % 2 ? 200 : null,
          lastAnswer: i % 2 ? '{"received":true}' : 'unreachable (ERR_TLS_CERT_ALTNAME_INVALID)',
          sentAt: i % 2 ? now : null,
          createdAt: new Date(now.getTime() - (14 - i) * 60_000),
        });
      await em.flush();
      for (const agent of [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ])
        await h.t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', clientIp())
          .set('User-Agent', agent)
          .send({ id: member.loginId, password: member.password });
      const page = await h.newPage({ width, height: 900 });
      await signedIn(page, member);
      await page.goto('/account');
      await ready(page);
      await page.getByTestId('webhook-deliveries').waitFor();
      await page.getByTestId('sessions').getByRole('button').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shoot(h, page.locator('section.card', { has: page.getByTestId('webhook-url') }), 'webhook', width);
      await shoot(h, page.locator('section.card', { has: page.getByTestId('sessions') }), 'sessions', width);
      await page.getByRole('button', { name: '2단계 인증 켜기' }).click();
      await page.getByRole('img', { name: '인증 앱 등록 QR 코드' }).waitFor();
      await page.getByLabel('인증 앱의 6자리 코드').scrollIntoViewIfNeeded();
      // What the viewport shows around the enrolment's 확인 (the floating chat button included).
      await page.screenshot({ path: `test-artifacts/screenshots/store-2fa-enrol-${TAG}-${width}.png` });
      await shoot(h, page, 'account', width);
    });

    it(`mass-order preview and a ticket at ${width}px`, async () => {
      const member = await memberWithPoints(h, 100_000n);
      const page = await h.newPage({ width, height: 900 });
      await signedIn(page, member);
      await page.goto('/order/mass');
      await ready(page);
      await page
        .locator('textarea.mass-input')
        .fill(
          [
            `${serviceId} | https://www.instagram.com/p/shots | 100`,
            `${serviceId} | https://www.instagram.com/p/low | 1`,
            '999999 | not-a-link | 100',
          ].join('\n'),
        );
      await page.getByRole('button', { name: '미리보기' }).click();
      await page.locator('.mass-lines').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({ path: `test-artifacts/screenshots/store-mass-preview-${TAG}-${width}.png` });
      const order = await h.t.http
        .post('/api/service/order')
        .set('Authorization', `Bearer ${member.token}`)
        .send({ serviceId, link: 'https://www.instagram.com/p/ticket', amount: 100 });
      const ticket = await h.t.http
        .post('/api/service/tickets')
        .set('Authorization', `Bearer ${member.token}`)
        .send({
          type: 'OTHER',
          subject: '🇰🇷 한국인 팔로워 문의',
          body: '언제 시작되나요?',
          orderIds: String(order.body.orderId),
        });
      await page.goto(`/support/${ticket.body.id}`);
      await page.getByText('문의한 주문').waitFor();
      await shoot(h, page, 'ticket', width);
      await page.goto('/point');
      await ready(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({ path: `test-artifacts/screenshots/store-point-bottom-${TAG}-${width}.png` });
    });
  }
});
