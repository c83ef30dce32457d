import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@crm/common';
import { english, loadCatalogues, NAMESPACES } from './resources';

/**
 * The renderer's one i18next instance. Catalogues are bundled (no HTTP backend: the desktop app
 * must work offline and a missing file must fail the build, not a screen), and initialised
 * synchronously so the first render already has its texts. English is in the first chunk; another
 * language's chunk is added by `loadLanguage` before the app switches to it.
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
  resources: { en: english },
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

/** True when the language's texts are here, so switching to it can happen at once. */
export const isLanguageLoaded = (language: Language): boolean => i18n.hasResourceBundle(language, 'common');

const loading = new Map<Language, Promise<void>>();

/** Fetches a language's catalogues (once; a failed fetch may be tried again) and adds them to i18next. */
export function loadLanguage(language: Language): Promise<void> {
  if (isLanguageLoaded(language)) return Promise.resolve();
  const load = loadCatalogues[language];
  if (!load) return Promise.reject(new Error(`No catalogues for ${language}`));
  let pending = loading.get(language);
  if (!pending) {
    pending = load().then((catalogues) => {
      for (const [namespace, catalogue] of Object.entries(catalogues)) i18n.addResourceBundle(language, namespace, catalogue);
    });
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}
