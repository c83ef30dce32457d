import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@crm/common';
import { NAMESPACES, resources } from './resources';

/**
 * The renderer's one i18next instance. Catalogues are bundled (no HTTP backend: the desktop app
 * must work offline and a missing file must fail the build, not a screen), and initialised
 * synchronously so the first render already has its texts.
 *
 * Plurals use i18next's own suffixes (`key_one`, `key_other`; Arabic also `_zero`, `_two`,
 * `_few`, `_many`) chosen by `Intl.PluralRules`: no ICU message parser to ship, and the
 * `{{value}}` interpolation stays the one syntax of every catalogue.
 */
export const i18n = i18next.createInstance();

/** The Intl locale numbers in texts use ('5 customers' → '٥ عملاء' with Arabic-Indic digits); locale.ts sets it. */
let numberLocale = 'en';
export const setNumberLocale = (locale: string): void => {
  numberLocale = locale;
};

void i18n.use(initReactI18next).init({
  resources,
  ns: NAMESPACES,
  defaultNS: 'common',
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: {
    // React escapes already; texts are never injected as HTML.
    escapeValue: false,
    // Every number put into a text ({{count}}, {{max}}) gets the user's digits and separators.
    alwaysFormat: true,
    format: (value: unknown): string => (typeof value === 'number' ? new Intl.NumberFormat(numberLocale).format(value) : (value as string)),
  },
  returnNull: false,
  showSupportNotice: false,
  // Re-render translated components when the digits setting changes too (locale.ts emits it).
  react: { bindI18n: 'languageChanged digitsChanged', useSuspense: false },
});
