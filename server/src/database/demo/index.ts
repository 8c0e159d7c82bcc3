import type { INestApplicationContext } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { CatalogFacade } from '../../modules/catalog/index.js';
import { ContentFacade } from '../../modules/content/index.js';
import { assignSimulatedServices, FulfilmentFacade, SIMULATED_SERVICES } from '../../modules/fulfilment/index.js';
import { IdentityFacade } from '../../modules/identity/index.js';
import { SettingsService } from '../../modules/settings/index.js';
import { demoCatalog } from './catalogue.js';
import { DEMO_FAQ, DEMO_NOTICES, DEMO_REGISTER_WHERE } from './content.js';

/**
 * Demo data for a new database (DEMO_DATA, on by default for the embedded one): what a newcomer's
 * `npm start` shows. Everything goes in through the modules' ordinary commands, as an operator would add it.
 */

/** The demo storefront account of a new database (README "Run"). */
export const DEMO_MEMBER = { id: 'demo', password: 'demo1234', points: 100_000n } as const;

const asset = (name: string) => readFileSync(new URL(`../demo-assets/${name}`, import.meta.url));

export async function loadDemoData(app: INestApplicationContext): Promise<void> {
  await app.get(SettingsService).setMany({
    FOOTER_COMPANY: '주식회사 팔로우랩',
    FOOTER_CEO: '김하늘',
    FOOTER_CORPORATION_MARKET_NUMBER: '제2025-서울강남-01234호',
    FOOTER_CEO_PHONE_NUMBER: '02-1234-5678',
    FOOTER_ADDRESS: '서울특별시 강남구 테헤란로 123, 10층',
    FOOTER_CORPORATION_NUMBER: '123-45-67890',
    BANKING_NAME: '국민은행',
    BANKING_ACCOUNT_NUMBER: '123456-01-234567',
    BANKING_DISPLAY_TEXT: '예금주: 주식회사 팔로우랩',
    BANKING_BANKING_CODE: '004',
    SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_demo',
    SITE_KAKAO_TEXT: '카카오톡 상담',
    SITE_MAIN_COLOR: '#5b5bd6',
    ENABLE_PAYMENT_FEE: true,
    ENABLE_PAYMENT_TYPE: 'ALL',
    ENABLE_PHONE_NUMBER: false,
    ENABLE_EMAIL_VERIFY: false,
    ENABLE_SERVICE_CHECK: false,
    ENABLE_REFERRAL: true,
    ENABLE_VISIBLE_SERVICE_ID: true,
    ENABLE_SNS_NAVER: false,
    ENABLE_SNS_KAKAO: false,
    ENABLE_TOSS_PAYMENT: false,
    ENABLE_QNA: true,
    POINT_CHARGE_BUTTON_OPTIONS: [10000, 50000, 100000, 500000],
  });
  await seedDemoContent(app, { images: true });
  await seedDemoMember(app);
  await seedDemoCatalog(app);
}

/** Sign-up routes, notices and the FAQ; with `images`, the popup and the guide images too (stored as uploads). */
export async function seedDemoContent(app: INestApplicationContext, options: { images?: boolean } = {}): Promise<void> {
  const content = app.get(ContentFacade);
  for (const text of DEMO_REGISTER_WHERE) await content.addRegisterWhere({ text });
  // Written oldest first: "newest first" shows them in the reverse order.
  for (const notice of DEMO_NOTICES) await content.addNotice(notice);
  for (const [title, answer] of DEMO_FAQ) await content.addFaq({ title, answer });
  if (!options.images) return;
  await content.addPopup(asset('popup-notice.png'));
  await content.addGuideImage('DESKTOP', asset('guide-desktop.png'));
  await content.addGuideImage('MOBILE', asset('guide-mobile.png'));
}

/** The demo member, with points from an adjustment. */
export async function seedDemoMember(app: INestApplicationContext): Promise<number> {
  return app
    .get(IdentityFacade)
    .openAccount(
      { loginId: DEMO_MEMBER.id, password: DEMO_MEMBER.password, email: 'demo@example.com' },
      { points: DEMO_MEMBER.points, source: 'demo', memo: '데모 포인트' },
    );
}

/**
 * The platforms, categories and services of a believable Korean panel, each service fulfilled by the
 * embedded simulated provider (a simulated service of its kind, at that service's rate), so demo orders
 * move by themselves. Not announced as service changes: a new shop's catalogue is not news.
 */
export async function seedDemoCatalog(app: INestApplicationContext): Promise<void> {
  const catalog = app.get(CatalogFacade);
  const providerId = await app.get(FulfilmentFacade).ensureSimulatedProvider();
  const services = [];
  for (const [p, platform] of demoCatalog.entries()) {
    await catalog.createPlatform({ id: platform.id, text: platform.text, bgColor: platform.bgColor, sortOrder: p });
    for (const [c, category] of platform.categories.entries()) {
      const categoryId = await catalog.createCategory({ platform: platform.id, text: category.text, sortOrder: c });
      services.push(...category.services.map((service, i) => ({ service, category: category.text, categoryId, i })));
    }
  }
  const simulated = assignSimulatedServices(
    services.map(({ service, category }) => ({
      text: service.text,
      category,
      type: service.type ?? 'Default',
      point: service.point,
    })),
    new Set(),
  );
  await catalog.createServices(
    services.map(({ service: s, categoryId, i }, n) => {
      const providerServiceId = simulated[n] ?? null;
      return {
        text: s.text,
        point: s.point,
        min: s.min,
        max: s.max,
        notice: s.notice ?? '',
        categoryId,
        isReadOnly: s.readOnly ?? false,
        enableAuto: s.auto ?? false,
        visible: true,
        sortOrder: i,
        providerId: providerServiceId === null ? null : providerId,
        providerServiceId,
        providerRate: SIMULATED_SERVICES.find((x) => x.service === providerServiceId)?.rate ?? null,
        type: s.type ?? 'Default',
        refill: s.refillDays !== undefined,
        refillDays: s.refillDays ?? 30,
        cancel: false,
      };
    }),
    { announce: false },
  );
}
