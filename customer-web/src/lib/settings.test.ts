import { readSettings } from './settings';

describe('readSettings', () => {
  const settings = readSettings({
    ENABLE_QNA: 'true',
    SITE_KAKAO_TEXT: '상담하기',
    POINT_CHARGE_BUTTON_OPTIONS: [10000, 'x', -5, 50000],
  });

  it('reads each key by its kind; a missing value reads as empty text, off or no numbers', () => {
    expect(settings.flag('ENABLE_QNA')).toBe(true);
    expect(settings.flag('ENABLE_REFERRAL')).toBe(false);
    expect(settings.text('SITE_KAKAO_TEXT')).toBe('상담하기');
    expect(settings.text('FOOTER_COMPANY')).toBe('');
    expect(settings.numbers('POINT_CHARGE_BUTTON_OPTIONS')).toEqual([10000, 50000]);
  });

  it('takes only the server’s keys, each by its kind (checked by tsc over customer-web)', () => {
    // @ts-expect-error a misspelt key
    expect(settings.flag('ENABLE_QNAA')).toBe(false);
    // @ts-expect-error a text key read as a switch
    expect(settings.flag('SITE_KAKAO_TEXT')).toBe(false);
    // @ts-expect-error a switch read as text
    expect(settings.text('ENABLE_REFERRAL')).toBe('');
  });
});
