import type { INestApplicationContext } from '@nestjs/common';
import { CatalogFacade } from '../modules/catalog/index.js';
import { readFileSync } from 'node:fs';
import { ContentFacade } from '../modules/content/index.js';
import { IdentityFacade } from '../modules/identity/index.js';
import { SettingsService } from '../modules/settings/index.js';

/**
 * Demo data for a new database (DEMO_DATA, on by default for the embedded one): what a newcomer's
 * `npm start` shows. Each context's demo rows go in through that context's own facade.
 */
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
  const asset = (name: string) => readFileSync(new URL(`./demo-assets/${name}`, import.meta.url));
  await app.get(ContentFacade).seedDemo({
    popup: asset('popup-notice.png'),
    guideDesktop: asset('guide-desktop.png'),
    guideMobile: asset('guide-mobile.png'),
  });
  await app.get(IdentityFacade).seedDemo();
  await app.get(CatalogFacade).seedDemo();
}
