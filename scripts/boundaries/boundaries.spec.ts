import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RULE, findCatalogueWriteErrors, findRepositoryWrites, report } from './repository-writes.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The CLI of the installed dependency-cruiser, found as Node finds packages (its exports name only the API). */
function findDepcruise(dir: string): string {
  const bin = join(dir, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  if (existsSync(bin)) return bin;
  if (dirname(dir) === dir) throw new Error('dependency-cruiser is not installed');
  return findDepcruise(dirname(dir));
}
const depcruise = findDepcruise(here);

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A scratch copy of the repository's layout holding only the given files, with the real boundary config. */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'crm-boundaries-'));
  dirs.push(root);
  cpSync(here, join(root, 'scripts', 'boundaries'), { recursive: true, filter: (src) => !src.endsWith('.spec.ts') });
  const all = { 'common/src/index.ts': 'export const common = 1;\n', ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Runs the dependency rules exactly as `npm run lint:boundaries` does. */
function cruise(root: string) {
  const run = spawnSync(process.execPath, [depcruise, '--config', 'scripts/boundaries/dependency-cruiser.cjs', '--output-type', 'err', 'backend/src', 'common/src', 'desktop/src'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('dependency rules (dependency-cruiser)', () => {
  it('fail on each planted violation, naming its rule', () => {
    const root = repo({
      'backend/src/modules/m/m.service.ts': 'export const m = 1;\n',
      'backend/src/platform/http/planted.ts': "import { m } from '../../modules/m/m.service.js';\nexport const p = m;\n",
      'backend/src/modules/m/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'backend/src/modules/m/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'desktop/src/main/window.main.ts': "import { screen } from '../renderer/app.js';\nexport const w = screen;\n",
      'desktop/src/renderer/app.ts': 'export const screen = 1;\n',
      'desktop/src/renderer/planted.ts': [
        "import { common } from '@crm/common';",
        "import { w } from '../main/window.main.js';",
        "import { m } from '../../../backend/src/modules/m/m.service.js';",
        "import { readFileSync } from 'node:fs';",
        'export const all = [common, w, m, readFileSync];',
        '',
      ].join('\n'),
    });
    const { status, output } = cruise(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(/error platform-not-to-modules: backend\/src\/platform\/http\/planted\.ts → backend\/src\/modules\/m\/m\.service\.ts/);
    expect(output).toMatch(/error renderer-only-common: desktop\/src\/renderer\/planted\.ts → desktop\/src\/main\/window\.main\.ts/);
    expect(output).toMatch(/error renderer-only-common: desktop\/src\/renderer\/planted\.ts → backend\/src\/modules\/m\/m\.service\.ts/);
    expect(output).toMatch(/error renderer-no-native: desktop\/src\/renderer\/planted\.ts → (node:)?fs/);
    expect(output).toMatch(/error main-preload-not-to-renderer: desktop\/src\/main\/window\.main\.ts → desktop\/src\/renderer\/app\.ts/);
    expect(output).toMatch(/error no-circular: backend\/src\/modules\/m\/(a|b)\.ts/);
    // @crm/common is what the renderer may import
    expect(output).not.toMatch(/→ common\/src\/index\.ts/);
  }, 60_000);

  it('pass a clean tree', () => {
    const root = repo({
      'backend/src/modules/auth/auth.service.ts': 'export class AuthService {}\n',
      'backend/src/modules/m/m.service.ts': "import { common } from '@crm/common';\nimport { Clock } from '../../platform/clock.js';\nexport const m = [common, Clock];\n",
      'backend/src/platform/clock.ts': 'export class Clock {}\n',
      'desktop/src/renderer/app.ts': "import { common } from '@crm/common';\nexport const screen = common;\n",
    });
    const { status, output } = cruise(root);
    expect(output).not.toMatch(/error /);
    expect(status).toBe(0);
  }, 60_000);

  it('no longer allows the realtime gateway to import the auth module (its known violation was fixed)', () => {
    const root = repo({
      'backend/src/modules/auth/auth.service.ts': 'export class AuthService {}\n',
      'backend/src/platform/realtime/realtime.gateway.ts': "import { AuthService } from '../../modules/auth/auth.service.js';\nexport const g = AuthService;\n",
      'desktop/src/renderer/app.ts': "import { common } from '@crm/common';\nexport const screen = common;\n",
    });
    const { status, output } = cruise(root);
    expect(output).toMatch(/error platform-not-to-modules: backend\/src\/platform\/realtime\/realtime\.gateway\.ts/);
    expect(status).not.toBe(0);
  }, 60_000);
});

describe(`${RULE} (repository-writes.ts)`, () => {
  const tables = {
    'backend/src/modules/contacts/contacts.table.ts': "export const contacts = pgTable('contacts', {});\nexport const contactNotes = pgTable('contact_notes', {});\n",
    'backend/src/modules/chats/chats.table.ts': "export const chatDrafts = pgTable(\n  'chat_drafts',\n  {},\n);\n",
  };

  it('finds Drizzle and raw SQL writes to another module’s tables, naming the rule', () => {
    const root = repo({
      ...tables,
      'backend/src/modules/chats/chats.repository.ts': [
        "import { contacts as people, contactNotes } from '../contacts/contacts.table.js';",
        "import { chatDrafts } from './chats.table.js';",
        'export class ChatsRepository {',
        '  a(tx) { return tx.insert(people).values({}); }',
        '  b(tx) { return tx.update(chatDrafts).set({}); }',
        '  c(tx) { return tx.execute(sql`update contacts set unread_count = 0`); }',
        '  d(tx) { return tx.execute(sql`delete from ${contactNotes} where id = 1`); }',
        '  // a comment that says: update contacts',
        '  e(tx) { return tx.execute(sql`insert into chat_drafts (id) values (1) on conflict (id) do update set id = 1`); }',
        '  f(tx) { return tx.execute(sql`select id from contacts for update skip locked`); }',
        '}',
        '',
      ].join('\n'),
    });
    const { errors, warnings } = report(findRepositoryWrites(root), []);
    expect(errors).toEqual([
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:4 .insert(people): module "chats" writes table contacts of module "contacts"`,
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:6 update contacts: module "chats" writes table contacts of module "contacts"`,
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:7 delete from \${contactNotes}: module "chats" writes table contact_notes of module "contacts"`,
    ]);
    expect(warnings).toEqual([]);
  });

  it('prints allowed writes as warnings, and an allow-list entry no longer needed', () => {
    const root = repo({
      ...tables,
      'backend/src/modules/chats/chats.repository.ts': "import { contacts } from '../contacts/contacts.table.js';\nexport const a = (tx) => tx.delete(contacts);\n",
    });
    const file = 'backend/src/modules/chats/chats.repository.ts';
    const { errors, warnings } = report(findRepositoryWrites(root), [
      { file, table: 'contacts' },
      { file, table: 'contact_notes' },
    ]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `warn known-violation: ${RULE}: ${file}:2 .delete(contacts): module "chats" writes table contacts of module "contacts"`,
      `warn ${RULE}: ${file} no longer writes contact_notes: remove it from KNOWN_WRITES in scripts/boundaries/repository-writes.ts`,
    ]);
  });

  it('no longer lets the chats module create contacts: only the contacts module writes their history and the round-robin cursor lives with the tenant', () => {
    const root = repo({
      ...tables,
      'backend/src/modules/contacts/contacts.table.ts': "export const contacts = pgTable('contacts', {});\nexport const contactStageHistory = pgTable('contact_stage_history', {});\n",
      'backend/src/modules/tenants/tenants.table.ts': "export const tenantSettings = pgTable('tenant_settings', {});\n",
      'backend/src/modules/messages/messages.table.ts': "export const messages = pgTable('messages', {});\n",
      'backend/src/modules/chats/chats.repository.ts': [
        "import { contactStageHistory } from '../contacts/contacts.table.js';",
        "import { tenantSettings } from '../tenants/tenants.table.js';",
        'export const a = (tx) => tx.insert(contactStageHistory).values({});',
        'export const b = (tx) => tx.update(tenantSettings).set({});',
        'export const c = (tx) => tx.execute(sql`update messages set contact_id = 1`);',
        '',
      ].join('\n'),
    });
    // the real allow-list (KNOWN_WRITES): these were allowed while chats created the leads of unknown numbers
    expect(report(findRepositoryWrites(root)).errors).toEqual([
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:3 .insert(contactStageHistory): module "chats" writes table contact_stage_history of module "contacts"`,
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:4 .update(tenantSettings): module "chats" writes table tenant_settings of module "tenants"`,
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:5 update messages: module "chats" writes table messages of module "messages"`,
    ]);
  });

  it('fails the command on a planted write, naming the rule', () => {
    const root = repo({
      ...tables,
      'backend/src/modules/chats/chats.repository.ts': "export const a = (tx) => tx.execute(sql`update contact_notes set body = ''`);\n",
    });
    const run = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', join(root, 'scripts/boundaries/repository-writes.ts')], {
      cwd: here,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain(`error ${RULE}: backend/src/modules/chats/chats.repository.ts:1 update contact_notes`);
    expect(run.status).toBe(1);
  }, 60_000);
});

describe(`${RULE}: writes to tables named at run time`, () => {
  const dynamicDelete = 'export const erase = (tx, table, id) => tx.execute(sql`delete from ${sql.identifier(table)} where tenant_id = ${id}`);\n';

  it('are allowed only in the tenant eraser', () => {
    const root = repo({
      'backend/src/platform/db/tenant-data-eraser.ts': dynamicDelete,
      'backend/src/modules/chats/chats.repository.ts': `export const read = (tx, t) => tx.execute(sql\`select * from \${sql.identifier(t)}\`);\n${dynamicDelete}`,
    });
    expect(findCatalogueWriteErrors(root)).toEqual([
      `error ${RULE}: backend/src/modules/chats/chats.repository.ts:2 delete from \${sql.identifier(…)}: a write to a table named at run time; only backend/src/platform/db/tenant-data-eraser.ts may (add a documented entry to CATALOGUE_WRITERS)`,
    ]);
  });

  it('pass the real tree', () => {
    expect(findCatalogueWriteErrors(join(here, '..', '..'))).toEqual([]);
  });
});

describe('newest-first-index-order', () => {
  it("flags drizzle's desc() and a bare SQL desc, and accepts newestFirst, desc nulls last and a checked line", async () => {
    const { scanOrders } = await import('./newest-first.js');
    const src = [
      '.orderBy(desc(tasks.createdAt), desc(tasks.id))',
      'sql`select 1 from t order by t.created_at desc limit 1`',
      '.orderBy(newestFirst(tasks.createdAt), newestFirst(tasks.id))',
      'sql`select 1 from t order by t.created_at desc nulls last, t.id desc nulls last`',
      '.orderBy(desc(total)) // index order checked: an aggregate',
      "const description = 'desc';",
    ].join('\n');
    expect(scanOrders(src).map((v) => v.line)).toEqual([1, 2]);
  });
});
