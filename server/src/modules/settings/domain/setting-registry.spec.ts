import { parseSettingValue, settingDefinition, SETTINGS, emptyValue } from './setting-registry.js';

const parse = (key: string, value: unknown) => parseSettingValue(settingDefinition(key)!, value);

describe('setting registry', () => {
  it('holds every key of spec section 3 once', () => {
    const keys = SETTINGS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of [
      'FOOTER_COMPANY',
      'BANKING_BANKING_CODE',
      'SITE_MAIN_COLOR',
      'ENABLE_PAYMENT_TYPE',
      'ENABLE_TOSS_PAYMENT',
      'POINT_CHARGE_BUTTON_OPTIONS',
      'NAVER_CLIENT_ID',
      'NAVER_STATE',
      'NAVER_REDIRECT_URL',
      'KAKAO_TOKEN',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('reads switches from booleans and from "true"/"false"', () => {
    expect(parse('ENABLE_QNA', true)).toEqual({ ok: true, value: true });
    expect(parse('ENABLE_QNA', 'false')).toEqual({ ok: true, value: false });
    expect(parse('ENABLE_QNA', 'yes')).toMatchObject({
      ok: false,
      reason: '자주묻는질문(ENABLE_QNA): 켜기(true) 또는 끄기(false)로 입력해 주세요.',
    });
    expect(parse('ENABLE_QNA', 1)).toMatchObject({ ok: false });
  });

  it('accepts only the five payment types', () => {
    for (const t of ['ALL', 'CASH_AND_FEE', 'FEE', 'CASH', 'NO_FEE'])
      expect(parse('ENABLE_PAYMENT_TYPE', t)).toEqual({ ok: true, value: t });
    expect(parse('ENABLE_PAYMENT_TYPE', 'CARD')).toMatchObject({ ok: false });
  });

  it('keeps charge presets as positive whole numbers', () => {
    expect(parse('POINT_CHARGE_BUTTON_OPTIONS', [10000, 50000])).toEqual({ ok: true, value: [10000, 50000] });
    expect(parse('POINT_CHARGE_BUTTON_OPTIONS', [10000.5])).toMatchObject({ ok: false });
    expect(parse('POINT_CHARGE_BUTTON_OPTIONS', [-1])).toMatchObject({ ok: false });
    expect(parse('POINT_CHARGE_BUTTON_OPTIONS', '10000')).toMatchObject({ ok: false });
  });

  it('checks colours and links, allowing empty', () => {
    expect(parse('SITE_MAIN_COLOR', '#5b5bd6')).toMatchObject({ ok: true });
    expect(parse('SITE_MAIN_COLOR', 'red')).toMatchObject({ ok: false });
    expect(parse('SITE_KAKAO_CHANNEL_LINK', '')).toMatchObject({ ok: true });
    expect(parse('SITE_KAKAO_CHANNEL_LINK', 'javascript:alert(1)')).toMatchObject({ ok: false });
  });

  it('reads missing values as empty string or false', () => {
    expect(emptyValue('text')).toBe('');
    expect(emptyValue('switch')).toBe(false);
  });
});
