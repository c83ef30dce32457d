/**
 * Which catalogue keys a renderer file uses, and which keys a catalogue has. One finder for the
 * two checks that need it: the ESLint rule valid-i18n-keys (a missing key, at the line that uses
 * it) and desktop/test/i18n/catalogues.test.ts (a catalogue key nobody uses). Plain JavaScript so
 * ESLint loads it without a TypeScript loader; types in i18n-keys.d.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const stringValue = (node) => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined);

/** The namespace the first `useTranslation(...)` directly inside `root` chose (nested functions have their own). */
function firstUseTranslation(root) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (node !== root && ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useTranslation') {
      const arg = node.arguments[0];
      if (!arg) found = 'common';
      else if (stringValue(arg) !== undefined) found = stringValue(arg);
      else if (ts.isArrayLiteralExpression(arg) && arg.elements[0]) found = stringValue(arg.elements[0]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(root, visit);
  return found;
}

/** The namespace a `useTranslation(...)` call in this function (or an enclosing one) chose. */
function namespaceInScope(node, fileDefault) {
  for (let scope = node.parent; scope; scope = scope.parent) {
    if (!ts.isFunctionLike(scope)) continue;
    const ns = firstUseTranslation(scope);
    if (ns) return ns;
  }
  return fileDefault ?? 'common';
}

const FULL_KEY = /^([a-z][\w-]*):([\w.-]+)$/;
const isT = (callee) => (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');

/**
 * Every key a file uses: `t('key')` / `i18n.t('ns:key')` with a literal key (the namespace from the
 * surrounding `useTranslation('ns')`), and every literal written as 'ns:key' with a known namespace
 * (nav items, fallback keys of errorMessage, maps of keys). A `t(variable)` is allowed only for keys
 * written out elsewhere.
 */
export function keysUsedIn(source, namespaces) {
  const uses = [];
  const fileDefault = firstUseTranslation(source);
  const visit = (node) => {
    if (ts.isCallExpression(node) && isT(node.expression)) {
      const key = node.arguments[0] && stringValue(node.arguments[0]);
      if (key !== undefined) {
        uses.push({ key: key.includes(':') ? key : `${namespaceInScope(node, fileDefault)}:${key}`, node: node.arguments[0] });
        ts.forEachChild(node, (child) => (child === node.arguments[0] ? undefined : visit(child)));
        return;
      }
    }
    const text = stringValue(node);
    const match = text !== undefined ? FULL_KEY.exec(text) : null;
    if (match && namespaces.includes(match[1])) uses.push({ key: text, node });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** A source file as the finder reads it. */
export const parseSource = (fileName, text) => ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** 'ns:a.b' for every text of one language's catalogues, plural keys without their suffix (what code asks for). */
export function catalogueKeys(catalogues) {
  const keys = new Set();
  const walk = (prefix, value) => {
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string') keys.add(`${prefix}${key}`.replace(PLURAL, ''));
      else if (child && typeof child === 'object') walk(`${prefix}${key}.`, child);
    }
  };
  for (const [ns, catalogue] of Object.entries(catalogues)) walk(`${ns}:`, catalogue);
  return keys;
}

const LANGUAGES = ['en', 'ar'];
const loaded = new Map();

/**
 * The catalogues under `locales/<language>/<namespace>.json`, read again when a file changed (an
 * editor keeps the linter running while texts are added).
 */
export function readCatalogues(localesDir) {
  const files = LANGUAGES.map((language) =>
    readdirSync(join(localesDir, language))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({ language, namespace: name.slice(0, -'.json'.length), path: join(localesDir, language, name) })),
  ).flat();
  const signature = files.map(({ path }) => `${path}@${statSync(path).mtimeMs}`).join('|');
  const cached = loaded.get(localesDir);
  if (cached?.signature === signature) return cached.value;
  const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, {}]));
  for (const { language, namespace, path } of files) catalogues[language][namespace] = JSON.parse(readFileSync(path, 'utf8'));
  const value = {
    namespaces: Object.keys(catalogues.en).sort(),
    keys: Object.fromEntries(LANGUAGES.map((language) => [language, catalogueKeys(catalogues[language])])),
  };
  loaded.set(localesDir, { signature, value });
  return value;
}
