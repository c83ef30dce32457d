import { ERROR_CODES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { arabic } from '../../src/renderer/i18n/arabic';
import { english, NAMESPACES, type Catalogue } from '../../src/renderer/i18n/resources';
import { keyUses } from './source-scan';

/**
 * A key missing in either catalogue, or a key nobody uses, fails here: every text a user sees
 * exists in English and in Arabic.
 * Keys are found statically (source-scan.ts): always write them out, `t('key')` or 'ns:key'.
 */
const resources = { en: english, ar: arabic };
const PLURAL = /_(zero|one|two|few|many|other)$/;
const REQUIRED_FORMS = { en: ['one', 'other'], ar: ['zero', 'one', 'two', 'few', 'many', 'other'] } as const;

/** 'ns:a.b' → text, for one language. */
function flatten(language: 'en' | 'ar'): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, value: Catalogue) => {
    for (const [key, child] of Object.entries(value)) {
      const path = `${prefix}${key}`;
      if (typeof child === 'string') out.set(path, child);
      else walk(`${path}.`, child as Catalogue);
    }
  };
  for (const [ns, catalogue] of Object.entries(resources[language])) walk(`${ns}:`, catalogue);
  return out;
}

const en = flatten('en');
const ar = flatten('ar');
/** Keys without their plural suffix: what code asks for. */
const bases = (keys: Map<string, string>) => new Set([...keys.keys()].map((key) => key.replace(PLURAL, '')));
const variables = (text: string) => new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]));

describe('catalogues', () => {
  it('English and Arabic have the same namespaces and the same keys', () => {
    expect(Object.keys(resources.ar).sort()).toEqual(NAMESPACES);
    expect(
      [...bases(ar)].filter((key) => !bases(en).has(key)),
      'in Arabic only',
    ).toEqual([]);
    expect(
      [...bases(en)].filter((key) => !bases(ar).has(key)),
      'missing in Arabic',
    ).toEqual([]);
    expect(
      [...en.entries()].filter(([, text]) => !text.trim()).map(([key]) => key),
      'empty English texts',
    ).toEqual([]);
    expect(
      [...ar.entries()].filter(([, text]) => !text.trim()).map(([key]) => key),
      'empty Arabic texts',
    ).toEqual([]);
  });

  it('plural keys have every form their language needs (Arabic: zero, one, two, few, many, other)', () => {
    for (const [language, keys] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const plurals = new Set([...keys.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
      const missing = [...plurals].flatMap((base) => REQUIRED_FORMS[language].filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${base}_${form}`));
      expect(missing, language).toEqual([]);
      // a key is either plural or not, in both languages
      const otherKeys = language === 'en' ? ar : en;
      expect(
        [...plurals].filter((base) => otherKeys.has(base)),
        `${language} plural, other language plain`,
      ).toEqual([]);
    }
  });

  it('Arabic texts use only the {{values}} their English text has', () => {
    const englishVariables = new Map<string, Set<string>>();
    for (const [key, text] of en) {
      const base = key.replace(PLURAL, '');
      englishVariables.set(base, new Set([...(englishVariables.get(base) ?? []), ...variables(text), ...(PLURAL.test(key) ? ['count'] : [])]));
    }
    const wrong = [...ar].flatMap(([key, text]) => [...variables(text)].filter((name) => !englishVariables.get(key.replace(PLURAL, ''))?.has(name)).map((name) => `${key}: {{${name}}}`));
    expect(wrong).toEqual([]);
  });

  const uses = keyUses(NAMESPACES);

  it('every key the sources use exists in both languages', () => {
    const missing = uses.filter((use) => !bases(en).has(use.key) || !bases(ar).has(use.key)).map((use) => `${use.file}:${use.line} ${use.key}`);
    expect(missing).toEqual([]);
  });

  it('every key of the catalogues is used (error codes are used through errorMessage)', () => {
    const used = new Set(uses.map((use) => use.key));
    const codes = new Set(ERROR_CODES.map((code) => `errors:${code}`));
    const unused = [...bases(en)].filter((key) => !used.has(key) && !codes.has(key));
    expect(unused).toEqual([]);
  });
});
