/**
 * House rule "a module's repository writes only its own module's tables", which an import graph
 * cannot see: it reads the SQL. For every backend/src/modules/<m>/**\/*.repository.ts it finds
 *   - Drizzle writes: `.insert(X)`, `.update(X)`, `.delete(X)` where X is a table imported from a
 *     `*.table.ts` file (or declared in the file itself), and
 *   - raw SQL in template literals: `insert into <t>`, `update <t>`, `delete from <t>` (a table
 *     name, or `${X}` of an imported table),
 * and reports each write to a table declared in another module's `*.table.ts`.
 *
 * One deliberate exception, checked too: writes to a table whose name is only known at run time
 * (`delete from ${sql.identifier(name)}`) may appear only in CATALOGUE_WRITERS. That is the tenant
 * eraser (deleting a company): it walks every table with a tenant_id column in pg_catalog, so a
 * table added later can never keep a deleted company's rows; a hand list per module could. Anywhere
 * else in backend/src such a write is an error.
 *
 * Usage: npm run lint:boundaries (part of npm test). Exit code 1 on a violation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RULE = 'repository-writes-own-tables';

export type Write = { file: string; line: number; table: string; owner: string; module: string; how: string };
export type KnownWrite = { file: string; table: string };

/**
 * Known violations, allowed explicitly so the check is green today and shrinks later; each is
 * printed as a warning. Remove an entry when the code is fixed (a stale entry is reported).
 */
export const KNOWN_WRITES: readonly KnownWrite[] = [];

/** The files allowed to write to tables named at run time (see above). */
export const CATALOGUE_WRITERS: readonly string[] = ['backend/src/platform/db/tenant-data-eraser.ts'];

type Table = { sqlName: string; module: string; exportName: string; file: string };

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

/** The module a file belongs to: the first folder under modules/. */
const moduleOf = (modulesDir: string, file: string) => relative(modulesDir, file).split(sep)[0];

/** Comments out, strings kept: `//` inside a template or string literal is left alone. */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\/|([^:\\'"`]|^)\/\/.*$/gm, (m, keep: string | undefined) => (m.startsWith('/*') ? m.replace(/[^\n]/g, ' ') : (keep ?? '')));
}

/** Every `pgTable('name', …)` of the modules' *.table.ts files. */
function readTables(modulesDir: string): Table[] {
  return walk(modulesDir)
    .filter((f) => f.endsWith('.table.ts'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"`]([\w]+)['"`]/g)].map((m) => ({
        exportName: m[1],
        sqlName: m[2],
        module: moduleOf(modulesDir, file),
        file,
      })),
    );
}

/** Local identifiers bound to tables: imports from *.table(.js) files, and tables declared here. */
function tableBindings(file: string, src: string, tables: Table[]): Map<string, Table> {
  const bound = new Map<string, Table>();
  for (const m of src.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+\.table(?:\.js)?)['"]/g)) {
    const target = resolve(dirname(file), m[2].replace(/\.js$/, '.ts').replace(/\.table$/, '.table.ts'));
    for (const part of m[1].split(',')) {
      const [imported, local] = part
        .replace(/\btype\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      const table = tables.find((t) => t.file === target && t.exportName === imported);
      if (table) bound.set((local ?? imported).trim(), table);
    }
  }
  for (const t of tables) if (t.file === file) bound.set(t.exportName, t);
  return bound;
}

const lineAt = (src: string, index: number) => src.slice(0, index).split('\n').length;

/** Writes of one repository file to tables of other modules. */
export function scanRepository(file: string, src: string, tables: Table[], modulesDir: string, rootDir: string): Write[] {
  const module = moduleOf(modulesDir, file);
  const code = stripComments(src);
  const bound = tableBindings(file, code, tables);
  const bySqlName = new Map(tables.map((t) => [t.sqlName, t]));
  const found: { index: number; table: Table; how: string }[] = [];

  for (const m of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*[,)]/g)) {
    const table = bound.get(m[2]);
    if (table) found.push({ index: m.index, table, how: `.${m[1]}(${m[2]})` });
  }
  // raw SQL lives in template literals (sql`…`); `do update set` and `for update` name no table
  for (const literal of code.matchAll(/`(?:[^`\\]|\\.)*`/g)) {
    for (const m of literal[0].matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?(\w+)"?|\$\{\s*(\w+)\s*\})/gi)) {
      const table = m[3] ? bound.get(m[3]) : bySqlName.get(m[2].toLowerCase());
      if (table) found.push({ index: literal.index + m.index, table, how: `${m[1].toLowerCase().replace(/\s+/g, ' ')} ${m[2] ?? '${' + m[3] + '}'}` });
    }
  }
  return found
    .filter((f) => f.table.module !== module)
    .map((f) => ({ file: relative(rootDir, file).split(sep).join('/'), line: lineAt(code, f.index), table: f.table.sqlName, owner: f.table.module, module, how: f.how }))
    .sort((a, b) => a.line - b.line);
}

/** Every cross-module write of the repositories under `<rootDir>/backend/src/modules`. */
export function findRepositoryWrites(rootDir: string): Write[] {
  const modulesDir = join(rootDir, 'backend', 'src', 'modules');
  const tables = readTables(modulesDir);
  return walk(modulesDir)
    .filter((f) => basename(f).endsWith('.repository.ts'))
    .flatMap((file) => scanRepository(file, readFileSync(file, 'utf8'), tables, modulesDir, rootDir));
}

/** Writes to a table named at run time (`${sql.identifier(…)}`, `${sql.raw(…)}`) outside CATALOGUE_WRITERS. */
export function findCatalogueWriteErrors(rootDir: string, allowed: readonly string[] = CATALOGUE_WRITERS): string[] {
  const srcDir = join(rootDir, 'backend', 'src');
  const errors: string[] = [];
  for (const file of walk(srcDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
    const rel = relative(rootDir, file).split(sep).join('/');
    if (allowed.includes(rel)) continue;
    const code = stripComments(readFileSync(file, 'utf8'));
    for (const m of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?\$\{\s*sql\.(identifier|raw)\(/gi)) {
      errors.push(
        `error ${RULE}: ${rel}:${lineAt(code, m.index)} ${m[1].toLowerCase().replace(/\s+/g, ' ')} \${sql.${m[2]}(…)}: a write to a table named at run time; only ${allowed.join(', ')} may (add a documented entry to CATALOGUE_WRITERS)`,
      );
    }
  }
  return errors;
}

export type Report = { errors: string[]; warnings: string[] };

/** Splits writes into errors and known (allowed) ones, and notes allow-list entries no longer needed. */
export function report(writes: Write[], known: readonly KnownWrite[] = KNOWN_WRITES): Report {
  const isKnown = (w: Write) => known.some((k) => k.file === w.file && k.table === w.table);
  const text = (w: Write) => `${w.file}:${w.line} ${w.how}: module "${w.module}" writes table ${w.table} of module "${w.owner}"`;
  const stale = known.filter((k) => !writes.some((w) => w.file === k.file && w.table === k.table));
  return {
    errors: writes.filter((w) => !isKnown(w)).map((w) => `error ${RULE}: ${text(w)}`),
    warnings: [
      ...writes.filter(isKnown).map((w) => `warn known-violation: ${RULE}: ${text(w)}`),
      ...stale.map((k) => `warn ${RULE}: ${k.file} no longer writes ${k.table}: remove it from KNOWN_WRITES in scripts/boundaries/repository-writes.ts`),
    ],
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const found = report(findRepositoryWrites(root));
  const errors = [...found.errors, ...findCatalogueWriteErrors(root)];
  const warnings = found.warnings;
  for (const line of [...warnings, ...errors]) console.log(`  ${line}`);
  console.log(
    errors.length
      ? `\nx ${errors.length} repository write(s) to another module's tables (${warnings.length} warnings). A module changes another module's rows through that module's service or repository.`
      : `\n✔ ${RULE}: no repository writes another module's tables (${warnings.length} warnings).`,
  );
  process.exit(errors.length ? 1 : 0);
}
