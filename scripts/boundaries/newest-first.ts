/**
 * House rule "newest-first lists read their page from the index": drizzle-kit builds every
 * `.desc()` index column as DESC NULLS LAST, while drizzle's `desc(column)` and a bare SQL `desc`
 * mean NULLS FIRST, which PostgreSQL does not match to those indexes (even on NOT NULL columns):
 * it then sorts the whole range on each page. Repositories order with `newestFirst()`
 * (backend/src/platform/db/order.ts) or write `desc nulls last`.
 *
 * A descending order that no index serves anyway (an aggregate), or the backward scan of an ascending index (plain `desc`, NULLS FIRST, is right there), carries, after checking it, the comment
 * `// index order checked` on its line.
 *
 * Usage: npm run lint:boundaries (part of npm test). Exit code 1 on a violation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RULE = 'newest-first-index-order';

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

/** The violations in one repository's source, as `line: text`. */
export function scanOrders(src: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  src.split('\n').forEach((text, i) => {
    if (/\/\/\s*index order checked/.test(text) || /^\s*(\*|\/\/)/.test(text)) return;
    const drizzleDesc = /(^|[^\w.])desc\(/.test(text);
    const sqlDesc = /\bdesc\b(?!\s+nulls\s+last)(?!\()/i.test(text.replace(/\bdesc\(/g, ''));
    if (drizzleDesc || (sqlDesc && /order\s+by|`/i.test(text))) found.push({ line: i + 1, text: text.trim() });
  });
  return found;
}

export function findNullsFirstOrders(rootDir: string): string[] {
  const modulesDir = join(rootDir, 'backend', 'src', 'modules');
  return walk(modulesDir)
    .filter((f) => f.endsWith('.repository.ts'))
    .flatMap((file) =>
      scanOrders(readFileSync(file, 'utf8')).map(
        (v) => `error ${RULE}: ${relative(rootDir, file).split(sep).join('/')}:${v.line} ${v.text} — order with newestFirst() or 'desc nulls last' (see backend/src/platform/db/order.ts)`,
      ),
    );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const errors = findNullsFirstOrders(root);
  for (const line of errors) console.log(`  ${line}`);
  console.log(errors.length ? `\nx ${errors.length} descending order(s) no index serves.` : `✔ ${RULE}: every descending list order matches its index.`);
  process.exit(errors.length ? 1 : 0);
}
