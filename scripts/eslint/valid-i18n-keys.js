/**
 * ESLint rule: every catalogue key a renderer file uses exists in the English and the Arabic
 * catalogues (as Signal-Desktop's valid-i18n-keys). The keys are found as
 * desktop/test/i18n/catalogues.test.ts finds them (i18n-keys.js): `t('key')` in the namespace of
 * the surrounding `useTranslation('ns')`, `i18n.t('ns:key')`, and literals written 'ns:key'.
 * Option: `{ locales: '<absolute path of locales/>' }`.
 */
import { keysUsedIn, parseSource, readCatalogues } from './i18n-keys.js';

const LANGUAGE_NAMES = { en: 'English', ar: 'Arabic' };

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'i18n keys used in the renderer exist in both catalogues (en, ar)' },
    schema: [{ type: 'object', properties: { locales: { type: 'string' } }, required: ['locales'], additionalProperties: false }],
    messages: { missing: "'{{key}}' is missing from the {{where}} catalogue{{plural}} (locales/{{dirs}}/{{namespace}}.json)" },
  },
  create(context) {
    const { locales } = context.options[0];
    return {
      Program() {
        const catalogues = readCatalogues(locales);
        // the type-aware parser has already parsed the file with TypeScript: reuse its tree
        const parsed = context.sourceCode.parserServices?.program?.getSourceFile(context.filename);
        const source = parsed?.text === context.sourceCode.text ? parsed : parseSource(context.filename, context.sourceCode.text);
        for (const { key, node } of keysUsedIn(source, catalogues.namespaces)) {
          const missing = ['en', 'ar'].filter((language) => !catalogues.keys[language].has(key));
          if (missing.length === 0) continue;
          const start = source.getLineAndCharacterOfPosition(node.getStart(source));
          const end = source.getLineAndCharacterOfPosition(node.getEnd());
          context.report({
            loc: { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } },
            messageId: 'missing',
            data: {
              key,
              where: missing.map((language) => LANGUAGE_NAMES[language]).join(' and '),
              plural: missing.length > 1 ? 's' : '',
              dirs: missing.length > 1 ? `{${missing.join(',')}}` : missing[0],
              namespace: key.split(':')[0],
            },
          });
        }
      },
    };
  },
};
