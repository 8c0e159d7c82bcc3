import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { ko } from './ko';
import { withParticles } from './particles';

const polyglot = polyglotI18nProvider(() => ko, 'ko', [{ locale: 'ko', name: '한국어' }], {
  allowMissing: true,
});

/** react-admin's messages name a resource (`%{name}이(가)`): the particle is chosen after the name is filled in. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key, options) => withParticles(polyglot.translate(key, options)),
};
