import { Injectable } from '@nestjs/common';
import { SettingsService } from '../../settings/index.js';

export type IdentitySwitch =
  'ENABLE_EMAIL_VERIFY' | 'ENABLE_PHONE_NUMBER' | 'ENABLE_REFERRAL' | 'ENABLE_SNS_NAVER' | 'ENABLE_SNS_KAKAO';

/** The site settings identity reads, by the names it reads them. */
@Injectable()
export class IdentitySettings {
  constructor(private readonly settings: SettingsService) {}

  async isOn(key: IdentitySwitch): Promise<boolean> {
    return (await this.settings.get(key)) === true;
  }

  async text(key: 'NAVER_STATE' | 'SITE_NAME'): Promise<string> {
    return String(await this.settings.get(key));
  }
}
