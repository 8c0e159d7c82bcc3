import { siteName } from '../../../server/src/contracts/brand-name.js';
import { useSettings } from './settings';

/** The shop's brand from the public settings (SITE_NAME, SITE_LOGO_URL); an unset name is "SMM 패널". */
export function useBrand(): { name: string; logoUrl: string } {
  const settings = useSettings();
  return { name: siteName(settings.text('SITE_NAME')), logoUrl: settings.text('SITE_LOGO_URL') };
}
