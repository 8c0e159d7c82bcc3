import { useEffect, useState } from 'react';
import { consoleTitle, siteName } from '../../../server/src/contracts/brand-name.js';

export interface SiteBrand {
  /** SITE_NAME, or "SMM 패널" while unset. */
  name: string;
  /** SITE_LOGO_URL ('' while unset). */
  logoUrl: string;
  /** FOOTER_COMPANY ('' while unset). */
  company: string;
  /** "<name> 관리자": the console's title. */
  title: string;
}

const fallback: SiteBrand = { name: siteName(''), logoUrl: '', company: '', title: consoleTitle('') };

/** One read per page load of the public settings (GET /api/service/settings, no sign-in needed, so the login page has it too). */
let pending: Promise<SiteBrand> | null = null;
function loadBrand(): Promise<SiteBrand> {
  pending ??= fetch('/api/service/settings')
    .then((r) => (r.ok ? (r.json() as Promise<{ key: string; value: unknown }[]>) : []))
    .then((list) => {
      const text = (key: string) => {
        const value = list.find((s) => s.key === key)?.value;
        return typeof value === 'string' ? value : '';
      };
      return {
        name: siteName(text('SITE_NAME')),
        logoUrl: text('SITE_LOGO_URL'),
        company: text('FOOTER_COMPANY'),
        title: consoleTitle(text('SITE_NAME')),
      };
    })
    .catch(() => {
      pending = null;
      return fallback;
    });
  return pending;
}

/** The shop's brand for the console; the tab's title follows it. */
export function useSiteBrand(): SiteBrand {
  const [brand, setBrand] = useState<SiteBrand>(fallback);
  useEffect(() => {
    let live = true;
    void loadBrand().then((b) => {
      if (live) setBrand(b);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    document.title = brand.title;
  }, [brand.title]);
  return brand;
}
