import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RULE, describeCycles, findModuleCycles, moduleImports } from './module-cycles.js';

const here = dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A scratch tree holding only the given files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'crm-module-cycles-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const m = (path: string) => `backend/src/modules/${path}`;

describe(`${RULE} (module-cycles.ts)`, () => {
  it('finds two modules that import each other through different files (no file cycle), and a longer ring', () => {
    const root = tree({
      [m('contacts/contacts.service.ts')]: "import { ChatsService } from '../chats/chats.service.js';\nexport const s = ChatsService;\n",
      [m('contacts/contact-access.ts')]: 'export const access = 1;\n',
      [m('chats/chats.service.ts')]: "import { access } from '../contacts/contact-access.js';\nexport class ChatsService { a = access; }\n",
      [m('a/a.ts')]: "import type { B } from '../b/b.js';\nexport type A = B;\n",
      [m('b/b.ts')]: "export { c as B } from '../c/c.js';\n",
      [m('c/c.ts')]: "export const c = () => import('../a/a.js');\n",
      [m('d/d.ts')]: "import { c } from '../c/c.js';\nexport const d = c;\n",
    });
    const cycles = findModuleCycles(moduleImports(root));
    expect(cycles.map((c) => c.modules)).toEqual([
      ['a', 'b', 'c'],
      ['chats', 'contacts'],
    ]);
    expect(describeCycles(cycles.slice(1))).toEqual([
      `error ${RULE}: backend modules chats, contacts depend on each other`,
      `    chats → contacts: ${m('chats/chats.service.ts')}`,
      `    contacts → chats: ${m('contacts/contacts.service.ts')}`,
    ]);
  });

  it('leaves out tests, platform and the files beside the modules, and passes a one-way graph', () => {
    const root = tree({
      [m('chats/chats.service.ts')]: "import { access } from '../contacts/contact-access.js';\nimport { Clock } from '../../platform/clock.js';\nexport const s = [access, Clock];\n",
      [m('contacts/contact-access.ts')]: 'export const access = 1;\n',
      [m('contacts/contacts.spec.ts')]: "import { s } from '../chats/chats.service.js';\nexport const t = s;\n",
      [m('tables.ts')]: "export * from './chats/chats.service.js';\nexport * from './contacts/contact-access.js';\n",
      'backend/src/platform/clock.ts': 'export class Clock {}\n',
    });
    expect(findModuleCycles(moduleImports(root))).toEqual([]);
  });

  it('passes the real tree: the backend modules depend on each other one way only', () => {
    const cycles = findModuleCycles(moduleImports(join(here, '..', '..')));
    expect(describeCycles(cycles)).toEqual([]);
  });

  it('fails the command on a planted cycle, naming the rule', () => {
    const root = tree({
      [m('tenants/tenants.service.ts')]: "import { users } from '../users/users.repository.js';\nexport const t = users;\n",
      [m('users/users.repository.ts')]: "import type { T } from '../tenants/tenants.table.js';\nexport const users = 1 as unknown as T;\n",
      [m('tenants/tenants.table.ts')]: 'export type T = number;\n',
    });
    // the script finds the tree from its own place: a copy of it runs inside the scratch tree, with the installed packages
    mkdirSync(join(root, 'scripts', 'boundaries'), { recursive: true });
    copyFileSync(join(here, 'module-cycles.ts'), join(root, 'scripts', 'boundaries', 'module-cycles.ts'));
    symlinkSync(join(here, '..', '..', 'node_modules'), join(root, 'node_modules'), 'dir');
    const run = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', join(root, 'scripts/boundaries/module-cycles.ts')], {
      cwd: here,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain(`error ${RULE}: backend modules tenants, users depend on each other`);
    expect(run.status).toBe(1);
  }, 60_000);
});
