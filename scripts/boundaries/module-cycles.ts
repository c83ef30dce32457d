/**
 * House rule "dependencies between backend modules go one way": no cycle between the folders of
 * backend/src/modules (contacts → chats → contacts, or longer: a → b → c → a). dependency-cruiser's
 * `no-circular` sees cycles between files only, and two modules can depend on each other through
 * different files without any file cycle. This script folds every import of a module's files into
 * one edge `<module> → <other module>` and reports each strongly connected group of modules, with
 * the imports that make it, so the fix (an event on platform/events/domain-events.ts, a query moved
 * to the module that owns it, a rule moved to common/) can start from them.
 *
 * Tests are left out (`*.spec.ts`, `*.test.ts`): a test may assemble several modules.
 * Files directly in backend/src/modules (the table and config lists) belong to no module.
 *
 * Usage: npm run lint:boundaries (part of npm test). Exit code 1 on a cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const RULE = 'no-module-cycle';

/** One import that makes a module-to-module edge. */
export type ModuleImport = { from: string; to: string; file: string; specifier: string };
export type ModuleCycle = { modules: string[]; imports: ModuleImport[] };

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

const isSource = (file: string) => /\.(ts|tsx|mts|cts)$/.test(file) && !/\.(spec|test)\.tsx?$/.test(file) && !file.endsWith('.d.ts');

/** The module of a path under modulesDir (its first folder), or undefined outside a module. */
function moduleOf(modulesDir: string, path: string): string | undefined {
  const parts = relative(modulesDir, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' && parts[0] !== '' ? parts[0] : undefined;
}

/** Every relative import, re-export, `import type` and dynamic import of the modules' sources that crosses into another module. */
export function moduleImports(rootDir: string): ModuleImport[] {
  const modulesDir = join(rootDir, 'backend', 'src', 'modules');
  const found: ModuleImport[] = [];
  for (const file of walk(modulesDir).filter(isSource)) {
    const from = moduleOf(modulesDir, file);
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const to = moduleOf(modulesDir, resolve(dirname(file), specifier));
      if (to && to !== from) found.push({ from, to, file: relative(rootDir, file).split(sep).join('/'), specifier });
    }
  }
  return found;
}

/** The groups of modules that reach each other (Tarjan's strongly connected components of two or more). */
export function findModuleCycles(imports: ModuleImport[]): ModuleCycle[] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups
    .map((modules) => ({
      modules,
      imports: imports.filter((i) => modules.includes(i.from) && modules.includes(i.to)).sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.file.localeCompare(b.file)),
    }))
    .sort((a, b) => a.modules[0].localeCompare(b.modules[0]));
}

/** The report's lines: per group, its modules and each edge inside it with the files that make it. */
export function describeCycles(cycles: ModuleCycle[]): string[] {
  return cycles.flatMap(({ modules, imports }) => {
    const edges = new Map<string, ModuleImport[]>();
    for (const i of imports) edges.set(`${i.from} → ${i.to}`, [...(edges.get(`${i.from} → ${i.to}`) ?? []), i]);
    return [`error ${RULE}: backend modules ${modules.join(', ')} depend on each other`, ...[...edges].map(([edge, via]) => `    ${edge}: ${[...new Set(via.map((i) => i.file))].join(', ')}`)];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const cycles = findModuleCycles(moduleImports(root));
  for (const line of describeCycles(cycles)) console.log(`  ${line}`);
  console.log(
    cycles.length
      ? `\nx ${cycles.length} cycle(s) between backend modules. Make the dependency go one way: the lower module emits a domain event (platform/events) that the upper one handles, or the query moves to the module that owns its rows.`
      : `\n✔ ${RULE}: the backend modules depend on each other one way only.`,
  );
  process.exit(cycles.length ? 1 : 0);
}
