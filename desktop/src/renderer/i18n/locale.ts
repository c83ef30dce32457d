import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type UserPreferences } from '@crm/common';
import { create } from 'zustand';
import { localPrefs } from '../lib/local-prefs';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { i18n, isLanguageLoaded, loadLanguage, setNumberLocale } from './instance';

export type Direction = 'ltr' | 'rtl';

interface LocaleState extends UserPreferences {
  dir: Direction;
}

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language on first start: the one chosen on this machine before, else the system's
 * (navigator.language), else English. After sign-in the user's saved choice replaces it.
 */
export function initialPreferences(): UserPreferences {
  const saved = localPrefs.get(STORAGE_KEYS.language);
  const system = typeof navigator !== 'undefined' ? navigator.language?.slice(0, 2).toLowerCase() : undefined;
  const language = isLanguage(saved) ? saved : isLanguage(system) ? system : DEFAULT_LANGUAGE;
  return { language, arabicDigits: localPrefs.get(STORAGE_KEYS.arabicDigits) === 'true' };
}

export const directionOf = (language: Language): Direction => (language === 'ar' ? 'rtl' : 'ltr');

/** The chosen language and digits; format.ts and the direction provider read it. */
export const useLocaleStore = create<LocaleState>()(() => ({ language: DEFAULT_LANGUAGE, arabicDigits: false, dir: 'ltr' }));

/** The newest choice still waiting for its language's texts; a later call builds on it and wins. */
let wanted: UserPreferences | null = null;

/**
 * Switches the whole renderer: i18next, `<html lang dir>`, and the locale the formatters use.
 * Kept in localStorage so the login screen opens in it next time. At once when the language's
 * texts are here (English always is); otherwise everything switches together once its chunk has
 * arrived, and the promise rejects if it cannot be fetched (nothing changes then).
 */
export function changePreferences(change: Partial<UserPreferences>): Promise<void> {
  const base = wanted ?? useLocaleStore.getState();
  const next: UserPreferences = {
    language: change.language && isLanguage(change.language) ? change.language : base.language,
    arabicDigits: change.arabicDigits ?? base.arabicDigits,
  };
  wanted = next;
  const apply = () => {
    if (wanted !== next) return;
    wanted = null;
    switchTo(next);
  };
  if (isLanguageLoaded(next.language)) {
    apply();
    return Promise.resolve();
  }
  return loadLanguage(next.language).then(apply, (error: unknown) => {
    if (wanted === next) wanted = null;
    throw error;
  });
}

/**
 * `changePreferences` without waiting: at once when the language's texts are here (English; Arabic
 * once fetched, and in tests always), else when they arrive; a failed fetch leaves things as they are.
 */
export function applyPreferences(change: Partial<UserPreferences>): void {
  changePreferences(change).catch(() => undefined);
}

function switchTo({ language, arabicDigits }: UserPreferences): void {
  const current = useLocaleStore.getState();
  const dir = directionOf(language);
  useLocaleStore.setState({ language, arabicDigits, dir });
  setNumberLocale(intlLocale({ language, arabicDigits }));
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  }
  localPrefs.set(STORAGE_KEYS.language, language);
  localPrefs.set(STORAGE_KEYS.arabicDigits, String(arabicDigits));
  if (i18n.language !== language) void i18n.changeLanguage(language);
  else if (arabicDigits !== current.arabicDigits) i18n.emit('digitsChanged');
}

/**
 * The BCP 47 locale for Intl: 'en', or 'ar-EG' with Arabic-Indic digits only when the user asked
 * for them (Egyptian shops mostly write prices and phones in Latin digits: `-u-nu-latn`).
 */
export function intlLocale(state: UserPreferences = useLocaleStore.getState()): string {
  if (state.language !== 'ar') return 'en';
  return state.arabicDigits ? 'ar-EG' : 'ar-EG-u-nu-latn';
}

/** React components that format numbers or dates subscribe with this, so a switch re-renders them. */
export const useIntlLocale = (): string => useLocaleStore((state) => intlLocale(state));
