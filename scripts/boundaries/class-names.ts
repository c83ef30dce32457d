/**
 * House rule "a file is named for the one thing it exports" (docs/architecture.md, Names), for the
 * backend's classes:
 * - `<thing>.<role>.ts`, for the Nest roles below, exports the class `<Thing><Role>`
 *   (`subscription-expiry.job.ts` → `SubscriptionExpiryJob`, `whatsapp` spelt `WhatsApp`);
 * - a class whose name ends in a role (`…Service`, `…Module`…) lives in a file with that role,
 *   so a helper without the suffix is not taken for a service and the other way round;
 * - one exported class per file, except the allowed companions: variants of one interface or
 *   base class (`LocalFileStorage` beside `FileStorage`), error classes (`…Error`, or extending
 *   `Error`), a driver's session (`SimulatorSession` beside `SimulatorDriver`) and an upload
 *   interceptor with its error filter (`MediaUploadInterceptor` beside `MediaUploadFilter`).
 *
 * Only exported classes count: a class the file keeps to itself is part of its one job.
 * Tests (`*.spec.ts`, `*.test.ts`) are left out.
 *
 * Usage: npm run lint:boundaries (part of npm test). Exit code 1 on a violation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const RULE = 'file-named-for-its-class';

/** The roles a file name may carry before `.ts`, in the order the Names section lists them. */
export const ROLES = ['module', 'controller', 'service', 'repository', 'guard', 'job', 'driver', 'gateway', 'emitter', 'tracker', 'pipe', 'interceptor', 'filter', 'adapter', 'pool'] as const;

/** Words whose spelling in a class is not plain PascalCase (brand names). */
const SPELLING: Record<string, string> = { whatsapp: 'WhatsApp' };

/** Interfaces every Nest class may implement: sharing one does not make two classes variants of each other. */
const FRAMEWORK_INTERFACE = /^(On[A-Z]\w*|Before\w+|CanActivate|NestInterceptor|ExceptionFilter|PipeTransform|NestMiddleware)$/;

const capitalised = (role: string) => role[0].toUpperCase() + role.slice(1);
const ROLE_SUFFIXES = ROLES.map(capitalised);

/** `whatsapp-session-lease` → `WhatsAppSessionLease`. */
export function pascalCase(kebab: string): string {
  return kebab
    .split(/[-.]/)
    .filter(Boolean)
    .map((word) => SPELLING[word] ?? capitalised(word))
    .join('');
}

/** The thing and role of a file name, or no role: `subscription-expiry.job.ts` → { thing: 'subscription-expiry', role: 'job' }. */
export function splitName(fileName: string): { thing: string; role?: string } {
  const stem = fileName.replace(/\.ts$/, '');
  const dot = stem.lastIndexOf('.');
  const role = dot > 0 ? stem.slice(dot + 1) : undefined;
  return role && (ROLES as readonly string[]).includes(role) ? { thing: stem.slice(0, dot), role } : { thing: stem };
}

/** The role suffix a class name ends with (`ContactsService` → `Service`), if any. */
const roleSuffixOf = (name: string) => ROLE_SUFFIXES.find((suffix) => name.length > suffix.length && name.endsWith(suffix));

type ExportedClass = { name: string; extendsName?: string; implementsNames: string[] };

/** The exported, named top-level classes of one source, with what they extend and implement. */
export function exportedClasses(src: string, fileName = 'file.ts'): ExportedClass[] {
  const sf = ts.createSourceFile(fileName, src, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return sf.statements.flatMap((s) => {
    if (!ts.isClassDeclaration(s) || !s.name || !s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    const heritage = (kind: ts.SyntaxKind) => (s.heritageClauses ?? []).filter((h) => h.token === kind).flatMap((h) => h.types.map((t) => t.expression.getText(sf)));
    return [{ name: s.name.text, extendsName: heritage(ts.SyntaxKind.ExtendsKeyword)[0], implementsNames: heritage(ts.SyntaxKind.ImplementsKeyword) }];
  });
}

const isErrorClass = (c: ExportedClass) => c.name.endsWith('Error') || c.extendsName === 'Error';

/** Whether two classes may share a file: variants of one base or interface, a driver and its session, an interceptor and its filter. */
function companions(a: ExportedClass, b: ExportedClass): boolean {
  if (a.extendsName === b.name || b.extendsName === a.name || (a.extendsName && a.extendsName === b.extendsName)) return true;
  if (a.implementsNames.some((i) => !FRAMEWORK_INTERFACE.test(i) && b.implementsNames.includes(i))) return true;
  const pair = (x: string, y: string, first: string, second: string) => x.endsWith(first) && y.endsWith(second) && x.slice(0, -first.length) === y.slice(0, -second.length);
  return [a.name, b.name].some((x, i) => {
    const y = i ? a.name : b.name;
    return pair(x, y, 'Driver', 'Session') || pair(x, y, 'Interceptor', 'Filter');
  });
}

/** The groups of classes that may share a file (error classes left out): more than one group breaks the rule. */
function families(classes: ExportedClass[]): string[][] {
  const groups: ExportedClass[][] = [];
  for (const c of classes.filter((c) => !isErrorClass(c))) {
    const joined = groups.filter((g) => g.some((other) => companions(c, other)));
    const merged = [...joined.flat(), c];
    for (const g of joined) groups.splice(groups.indexOf(g), 1);
    groups.push(merged);
  }
  return groups.map((g) => g.map((c) => c.name));
}

/** What is wrong with one file's exported classes, as messages (none when it follows the rule). */
export function checkFile(fileName: string, src: string): string[] {
  const classes = exportedClasses(src, fileName);
  const { thing, role } = splitName(fileName);
  const problems: string[] = [];
  if (role) {
    const expected = pascalCase(thing) + capitalised(role);
    if (!classes.some((c) => c.name === expected)) {
      const found = classes.map((c) => c.name).join(', ');
      problems.push(`exports no class ${expected}${found ? ` (found ${found})` : ''}: rename the class, or the file to the class's name`);
    }
  } else {
    for (const c of classes.filter((c) => roleSuffixOf(c.name) && !isErrorClass(c))) {
      problems.push(`exports ${c.name} from a file without the role: name the file ${thingOf(c.name)}.${roleSuffixOf(c.name)!.toLowerCase()}.ts, or drop the suffix from the class`);
    }
  }
  const groups = families(classes);
  if (groups.length > 1) problems.push(`exports ${groups.length} unrelated classes (${groups.map((g) => g.join(' + ')).join(', ')}): one class per file`);
  return problems;
}

/** `ContactListsService` → `contact-lists` (a hint for the message; brand names come out lower-case). */
function thingOf(className: string): string {
  return className
    .slice(0, -roleSuffixOf(className)!.length)
    .replace(/WhatsApp/g, 'Whatsapp')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

const isSource = (file: string) => file.endsWith('.ts') && !/\.(spec|test)\.ts$/.test(file) && !file.endsWith('.d.ts');

/** Every violation under backend/src, as report lines. */
export function findNameMismatches(rootDir: string): string[] {
  return walk(join(rootDir, 'backend', 'src'))
    .filter(isSource)
    .sort()
    .flatMap((file) => checkFile(basename(file), readFileSync(file, 'utf8')).map((problem) => `error ${RULE}: ${relative(rootDir, file).split(sep).join('/')} ${problem}`));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const errors = findNameMismatches(root);
  for (const line of errors) console.log(`  ${line}`);
  console.log(errors.length ? `\nx ${errors.length} naming problem(s) in backend files (docs/architecture.md, Names).` : `✔ ${RULE}: every backend file is named for the class it exports.`);
  process.exit(errors.length ? 1 : 0);
}
