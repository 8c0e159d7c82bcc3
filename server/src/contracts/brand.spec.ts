import {
  BRAND_MESSAGES,
  brandedSubject,
  consoleTitle,
  DEFAULT_SITE_NAME,
  mailSignature,
  siteLogoSchema,
  siteName,
  siteNameSchema,
} from './brand.js';

const firstMessage = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('brand contract', () => {
  it('reads an unset or blank name as the default', () => {
    expect(DEFAULT_SITE_NAME).toBe('SMM 패널');
    expect(siteName('')).toBe('SMM 패널');
    expect(siteName('   ')).toBe('SMM 패널');
    expect(siteName(undefined)).toBe('SMM 패널');
    expect(siteName(' 팔로우랩 ')).toBe('팔로우랩');
  });

  it('brands the mail subject, the signature and the console title', () => {
    expect(brandedSubject('팔로우랩', '이메일 인증코드')).toBe('[팔로우랩] 이메일 인증코드');
    expect(brandedSubject('', '이메일 인증코드')).toBe('[SMM 패널] 이메일 인증코드');
    expect(mailSignature('팔로우랩')).toBe('\n\n감사합니다.\n팔로우랩 드림');
    expect(consoleTitle('팔로우랩')).toBe('팔로우랩 관리자');
    expect(consoleTitle('')).toBe('SMM 패널 관리자');
  });

  it('accepts a name of up to 30 characters on one line, refuses the rest in Korean', () => {
    expect(siteNameSchema.parse(' 팔로우랩 ')).toBe('팔로우랩');
    expect(siteNameSchema.parse('')).toBe('');
    expect(firstMessage(siteNameSchema, '가'.repeat(31))).toBe(BRAND_MESSAGES.siteNameTooLong);
    expect(firstMessage(siteNameSchema, '팔로우\n랩')).toBe(BRAND_MESSAGES.siteNameInvalid);
    expect(firstMessage(siteNameSchema, '[팔로우랩]')).toBe(BRAND_MESSAGES.siteNameInvalid);
    expect(firstMessage(siteNameSchema, '<b>랩</b>')).toBe(BRAND_MESSAGES.siteNameInvalid);
    expect(firstMessage(siteNameSchema, 42)).toBe(BRAND_MESSAGES.siteNameInvalid);
  });

  it('accepts an uploaded file or an http(s) address as the logo', () => {
    expect(siteLogoSchema.parse('')).toBe('');
    expect(siteLogoSchema.parse('/uploads/abc-1.png')).toBe('/uploads/abc-1.png');
    expect(siteLogoSchema.parse('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    for (const bad of ['javascript:alert(1)', '/etc/passwd', 'logo.png', '/uploads/../x', 7]) {
      expect(firstMessage(siteLogoSchema, bad)).toBe(BRAND_MESSAGES.siteLogoInvalid);
    }
  });
});
