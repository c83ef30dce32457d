import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rule from './valid-i18n-keys.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** Two catalogues that agree on `leads` and disagree on one key of `layout`. */
const locales = mkdtempSync(join(tmpdir(), 'crm-valid-i18n-keys-'));
afterAll(() => rmSync(locales, { recursive: true, force: true }));
const write = (language: string, namespace: string, catalogue: object) => {
  mkdirSync(join(locales, language), { recursive: true });
  writeFileSync(join(locales, language, `${namespace}.json`), JSON.stringify(catalogue));
};
write('en', 'leads', { title: 'Leads', count_one: '{{count}} lead', count_other: '{{count}} leads' });
write('ar', 'leads', { title: 'العملاء المحتملون', count_zero: '0', count_one: '1', count_two: '2', count_few: 'f', count_many: 'm', count_other: 'o' });
write('en', 'layout', { nav: { leads: 'Leads', onlyEnglish: 'Only in English' } });
write('ar', 'layout', { nav: { leads: 'العملاء المحتملون' } });

const options = [{ locales }];
const TYPO = "function Leads() { const { t } = useTranslation('leads'); return <h1>{t('titel')}</h1>; }";
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('valid-i18n-keys', rule, {
  valid: [
    { filename: 'Leads.tsx', options, code: "function Leads() { const { t } = useTranslation('leads'); return <h1>{t('title')}</h1>; }" },
    // a plural key is asked for without its suffix
    { filename: 'Leads.tsx', options, code: "function Leads() { const { t } = useTranslation('leads'); return t('count', { count: 2 }); }" },
    { filename: 'nav-items.ts', options, code: "export const items = [{ labelKey: 'layout:nav.leads' }];" },
    { filename: 'store.ts', options, code: "i18n.t('leads:title');" },
    // an unknown namespace is not a key (a URL, a time like '10:30')
    { filename: 'x.ts', options, code: "const a = 'https:x'; const b = 'mailto:someone';" },
  ],
  invalid: [
    {
      // reported at the key itself
      filename: 'Leads.tsx',
      options,
      code: TYPO,
      errors: [{ messageId: 'missing', data: { key: 'leads:titel', where: 'English and Arabic', plural: 's', dirs: '{en,ar}', namespace: 'leads' }, line: 1, column: TYPO.indexOf("'titel'") + 1 }],
    },
    {
      filename: 'nav-items.ts',
      options,
      code: "export const items = [{ labelKey: 'layout:nav.onlyEnglish' }];",
      errors: [{ messageId: 'missing', data: { key: 'layout:nav.onlyEnglish', where: 'Arabic', plural: '', dirs: 'ar', namespace: 'layout' } }],
    },
    {
      // the namespace comes from the nearest useTranslation, not the file's first one
      filename: 'Page.tsx',
      options,
      code: "function A() { const { t } = useTranslation('leads'); return t('title'); }\nfunction B() { const { t } = useTranslation('layout'); return t('title'); }",
      errors: [{ messageId: 'missing', line: 2, data: { key: 'layout:title', where: 'English and Arabic', plural: 's', dirs: '{en,ar}', namespace: 'layout' } }],
    },
  ],
});
