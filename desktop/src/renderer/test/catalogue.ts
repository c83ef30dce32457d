import type { AuthUser, Language } from '@crm/common';
import { arabic } from '../i18n/arabic';
import { english } from '../i18n/resources';

const catalogues = { en: english, ar: arabic } as const;

/**
 * What a test expects to read, straight from one language's catalogue file (`'tasks:my.title'`),
 * `{{values}}` put in as given. A key missing in that language throws: unlike the app, a test
 * never falls back to English, so a text forgotten in one catalogue fails its run.
 */
export function catalogueText(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = catalogues[language][namespace];
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text for ${key} in the ${language} catalogue`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${key} needs a value for ${name}`);
    return String(values[name]);
  });
}

/** `user` signed in with `language` chosen (Western digits): the run's user. */
export function inLanguage<U extends AuthUser>(user: U, language: Language): U {
  return { ...user, language, arabicDigits: false };
}

/** The language a test's user reads the app in: the one `inLanguage` gave, else English. */
export function languageOf(user: AuthUser): Language {
  return (user as AuthUser & { language?: Language }).language ?? 'en';
}
