/**
 * Static checks of the renderer's texts (run by desktop/test/i18n/*.test.ts, never bundled):
 * which catalogue keys the sources use, and which user-facing strings are still written as
 * literals. Uses the TypeScript compiler's parser, so no lint set-up is needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { keysUsedIn } from '../../../scripts/eslint/i18n-keys.js';

export const RENDERER_ROOT = join(import.meta.dirname, '..', '..', 'src', 'renderer');

/** Renderer sources that ship: tests, test helpers and the i18n machinery itself are not screens. */
export function rendererSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (['node_modules', 'public', 'test', 'testing', 'locales'].includes(entry.name)) continue;
        walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !/^testing\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path);
      }
    }
  };
  walk(RENDERER_ROOT);
  return files.sort();
}

/** A path as the allow-list writes it: relative to desktop/src/renderer, with forward slashes. */
export const rendererPath = (file: string): string => relative(RENDERER_ROOT, file).split(sep).join('/');

const parse = (file: string, text = readFileSync(file, 'utf8')) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const stringValue = (node: ts.Node): string | undefined => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined);

// ---------------------------------------------------------------------------------------------
// Key usage

export interface KeyUse {
  /** 'namespace:key.path' */
  key: string;
  file: string;
  line: number;
}

/**
 * Every key the sources use, found as the lint rule valid-i18n-keys finds them
 * (scripts/eslint/i18n-keys.js): `t('key')` / `i18n.t('ns:key')` with a literal key (the namespace
 * from the surrounding `useTranslation('ns')`), and every literal written as 'ns:key' (nav items,
 * fallback keys, maps of keys). A `t(variable)` is allowed only for keys written out elsewhere.
 */
export function keyUses(namespaces: readonly string[]): KeyUse[] {
  return rendererSources().flatMap((file) => {
    const source = parse(file);
    return keysUsedIn(source, namespaces).map(({ key, node }) => ({
      key,
      file: rendererPath(file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// Literal user-facing strings

/** JSX attributes and object properties whose string is shown to a user. */
const TEXT_NAMES = new Set(['label', 'placeholder', 'title', 'aria-label', 'alt', 'description', 'tooltip', 'message', 'subtitle', 'tagline', 'text', 'empty', 'loading', 'error']);
const TEXT_NAME_SUFFIX = /(Label|Text|Title|Message|Placeholder|Error|Tagline)$/;
const isTextName = (name: string) => TEXT_NAMES.has(name) || TEXT_NAME_SUFFIX.test(name);

/** Keys, ids, CSS tokens and colours ('layout:nav.leads', 'brand', 'sm') are not texts; words are. */
const looksLikeText = (value: string) => /\p{L}/u.test(value) && !/^[a-z][\w.:/-]*$/.test(value.trim());

export interface Literal {
  file: string;
  line: number;
  text: string;
}

/** String literals inside an expression, not counting the keys given to t(). */
function stringsIn(expression: ts.Node, out: ts.Node[]) {
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    if ((ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't')) return;
  }
  // JSX and functions inside are visited on their own (an attribute like `to={`/x/${id}`}` is no text)
  if (ts.isJsxElement(expression) || ts.isJsxSelfClosingElement(expression) || ts.isJsxFragment(expression) || ts.isFunctionLike(expression)) return;
  if (stringValue(expression) !== undefined) out.push(expression);
  else if (ts.isTemplateExpression(expression)) out.push(expression);
  else ts.forEachChild(expression, (child) => stringsIn(child, out));
}

const nodeText = (node: ts.Node) => (ts.isTemplateExpression(node) ? node.getText().slice(1, -1) : (stringValue(node) ?? (ts.isJsxText(node) ? node.text : node.getText())));

/** The user-facing strings a file still writes as literals. */
export function literalTexts(file: string, contents?: string): Literal[] {
  const source = parse(file, contents);
  const found: Literal[] = [];
  const add = (node: ts.Node) => {
    const text = nodeText(node).replace(/\s+/g, ' ').trim();
    if (looksLikeText(text)) found.push({ file: rendererPath(file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      // {'text'}, {`${n} items`}, {cond ? 'A' : 'B'} as children
      const strings: ts.Node[] = [];
      stringsIn(node.expression, strings);
      strings.forEach(add);
    } else if (ts.isJsxAttribute(node) && isTextName(node.name.getText()) && node.initializer) {
      const strings: ts.Node[] = [];
      stringsIn(node.initializer, strings);
      strings.forEach(add);
    } else if (ts.isPropertyAssignment(node) && isTextName(node.name.getText().replace(/['"]/g, ''))) {
      const strings: ts.Node[] = [];
      stringsIn(node.initializer, strings);
      strings.forEach(add);
    } else if (ts.isParameter(node) && node.initializer && ts.isObjectBindingPattern(node.name)) {
      // defaults of text props: ({ label = 'Search' })
      for (const element of node.name.elements) {
        if (element.initializer && isTextName(element.name.getText()) && stringValue(element.initializer) !== undefined) add(element.initializer);
      }
    } else if (ts.isBindingElement(node) && node.initializer && isTextName(node.name.getText()) && stringValue(node.initializer) !== undefined) {
      add(node.initializer);
    } else if (ts.isVariableDeclaration(node) && /TEXTS$/.test(node.name.getText()) && node.initializer) {
      // const X_TEXTS = { empty: '...' }: a screen's text table
      const strings: ts.Node[] = [];
      stringsIn(node.initializer, strings);
      strings.forEach(add);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // a node reached by two rules (a default that is also a binding) counts once
  return found.filter((item, index) => found.findIndex((other) => other.line === item.line && other.text === item.text) === index);
}
