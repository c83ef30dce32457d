import { DEFAULT_LANGUAGE, type Language } from '@crm/common';

/**
 * The main process's own texts (native save dialog, notices it returns to the page) in English
 * and Arabic. The renderer's catalogues live in the renderer bundle, which main cannot import,
 * so main keeps this small one. `{{name}}` placeholders as in the renderer's catalogues.
 */
const en = {
  'fileType.xlsx': 'Excel workbook',
  'fileType.xls': 'Excel 97-2003 workbook',
  'fileType.csv': 'CSV file',
  'fileType.pdf': 'PDF document',
  'fileType.other': '{{extension}} file',
  notificationsUnsupported: 'Notifications are not supported on this system',
  noSecureStorage: 'This computer offers no secure storage, so you will need to sign in again next time.',
  couldNotOpenLink: 'Could not open the link',
} as const;

export type MainTextKey = keyof typeof en;

const ar: Record<MainTextKey, string> = {
  'fileType.xlsx': 'مصنف Excel',
  'fileType.xls': 'مصنف Excel 97-2003',
  'fileType.csv': 'ملف CSV',
  'fileType.pdf': 'مستند PDF',
  'fileType.other': 'ملف {{extension}}',
  notificationsUnsupported: 'الإشعارات غير مدعومة على هذا النظام',
  noSecureStorage: 'هذا الجهاز لا يوفر تخزينًا آمنًا، لذلك ستحتاج إلى تسجيل الدخول مرة أخرى في المرة القادمة.',
  couldNotOpenLink: 'تعذر فتح الرابط',
};

export const MAIN_CATALOGUES: Record<Language, Partial<Record<MainTextKey, string>>> = { en, ar };

/** The text of `key` in `language`, falling back to English for a key the catalogue lacks. */
export function mainText(language: Language, key: MainTextKey, params: Record<string, string> = {}): string {
  const template = MAIN_CATALOGUES[language]?.[key] ?? en[key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The language main writes in: English until the renderer tells it the user's choice. */
export interface MainLanguage {
  get(): Language;
  set(language: Language): void;
  t(key: MainTextKey, params?: Record<string, string>): string;
}

export function createMainLanguage(initial: Language = DEFAULT_LANGUAGE): MainLanguage {
  let current = initial;
  return {
    get: () => current,
    set(language) {
      current = language;
    },
    t: (key, params) => mainText(current, key, params),
  };
}

/** What a handler needs to write a text: the current language's lookup. */
export type MainTexts = Pick<MainLanguage, 't'>;

/** For callers that were not given the user's language (tests, early start-up). */
export const ENGLISH_TEXTS: MainTexts = { t: (key, params) => mainText('en', key, params) };
