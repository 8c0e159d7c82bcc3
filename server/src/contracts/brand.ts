import { z } from 'zod';

export * from './brand-name.js';

/**
 * The shop's brand (README "Brand"): SITE_NAME, SITE_LOGO_URL and SITE_MAIN_COLOR, read by the storefront
 * (top bar, document title), the console (title, login page) and the mails (subject prefix, signature).
 * An unset name reads as DEFAULT_SITE_NAME everywhere.
 */
export const SITE_NAME_MAX = 30;

export const BRAND_MESSAGES = {
  siteNameTooLong: `쇼핑몰 이름은 ${SITE_NAME_MAX}자 이하로 입력해 주세요.`,
  siteNameInvalid: '쇼핑몰 이름에는 줄바꿈, 제어 문자, [ ] < > 기호를 쓸 수 없습니다.',
  siteLogoInvalid: '로고 이미지는 /uploads/ 파일이거나 http(s) 주소여야 합니다.',
} as const;

/**
 * SITE_NAME as an operator may set it: '' (the default name) or up to 30 characters on one line. Brackets
 * and angle brackets are refused because the name goes inside the mails' "[이름]" subject prefix.
 */
export const siteNameSchema = z
  .string({ error: BRAND_MESSAGES.siteNameInvalid })
  .trim()
  .max(SITE_NAME_MAX, BRAND_MESSAGES.siteNameTooLong)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f[\]<>]/.test(v), BRAND_MESSAGES.siteNameInvalid);

/** SITE_LOGO_URL: '' (the lettered mark) or an uploaded file (/uploads/…) or an http(s) image address. */
export const siteLogoSchema = z.union(
  [
    z.literal(''),
    z
      .string({ error: BRAND_MESSAGES.siteLogoInvalid })
      .trim()
      .max(500, BRAND_MESSAGES.siteLogoInvalid)
      .regex(/^(\/uploads\/[A-Za-z0-9._-]+|https?:\/\/[^\s"'<>]+)$/, BRAND_MESSAGES.siteLogoInvalid),
  ],
  { error: BRAND_MESSAGES.siteLogoInvalid },
);
