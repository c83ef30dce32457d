import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { ContactLexiconPruner } from './contact-lexicon-pruner.js';
import { ContactLexiconRepository } from './contact-lexicon.repository.js';

/**
 * The lexicon (contact_search_lexicon) says which words a typed fragment may be part of. The
 * pruner takes out the words no contact has any more, and must never take out a word a contact
 * being saved at that moment has: that contact could no longer be found by a part of its name.
 */
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let admin = '';
let globexAdmin = '';
let phones = 0;
const onPostgres = !!process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedCompany(t, 'acme', { sales: 0 });
  globex = await seedCompany(t, 'globex', { sales: 0 });
  admin = await signIn(t, acme.admin.email);
  globexAdmin = await signIn(t, globex.admin.email);
});
afterAll(() => t?.close());

const addContact = async (name: string, token = admin): Promise<string> => {
  const res = await t.api.post('/contacts', { name, phone: `+2011${String(++phones).padStart(8, '0')}` }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
};
const found = async (q: string, token = admin): Promise<string[]> => {
  const res = await t.api.get(`/contacts?q=${encodeURIComponent(q)}&limit=100`, { token });
  expect(res.status).toBe(200);
  return (res.body.data.items as { name: string }[]).map((c) => c.name);
};
const lexicon = async (tenantId: string, words: string[]): Promise<string[]> => {
  const result = await t.db.platform((tx) =>
    tx.execute(sql`select word from contact_search_lexicon where tenant_id = ${tenantId} and word in (select jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)) order by word`),
  );
  return (result as unknown as { rows: { word: string }[] }).rows.map((r) => r.word);
};
const pruner = () => t.app.get(ContactLexiconPruner);
const settledWithin = async (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('pruning the search lexicon', () => {
  it("takes out the words of deleted and renamed contacts, keeps the words still in use and another company's", async () => {
    const gone = await addContact('Zubaida Qasimov');
    await addContact('Zubaida Farouqi');
    const renamed = await addContact('Lamiaa Tawfeeqa');
    await addContact('Qasimov Nour', globexAdmin);
    expect((await t.api.delete(`/contacts/${gone}`, { token: admin })).status).toBe(200);
    expect((await t.api.patch(`/contacts/${renamed}`, { name: 'Lamiaa Sherbiny' }, { token: admin })).status).toBe(200);
    // stale until pruned: they find nothing, but they are still there
    expect(await lexicon(acme.tenantId, ['qasimov', 'tawfeeqa'])).toEqual(['qasimov', 'tawfeeqa']);

    expect(await pruner().pruneAll()).toBeGreaterThanOrEqual(2);

    expect(await lexicon(acme.tenantId, ['farouqi', 'lamiaa', 'qasimov', 'sherbiny', 'tawfeeqa', 'zubaida'])).toEqual(['farouqi', 'lamiaa', 'sherbiny', 'zubaida']);
    expect(await lexicon(globex.tenantId, ['nour', 'qasimov'])).toEqual(['nour', 'qasimov']);
    expect(await found('ubaid')).toEqual(['Zubaida Farouqi']);
    expect(await found('sherbin')).toEqual(['Lamiaa Sherbiny']);
    expect(await found('asimo')).toEqual([]);
    expect(await found('asimo', globexAdmin)).toEqual(['Qasimov Nour']);
    // nothing left to take out
    expect(await pruner().prune(acme.tenantId)).toBe(0);
  });

  it('walks a company whose lexicon is longer than one chunk', async () => {
    const words = Array.from(
      { length: 1_205 },
      (_, i) => `stale${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${String.fromCharCode(97 + Math.floor(i / 676))}`,
    );
    await t.db.tenant(acme.tenantId, (tx) =>
      tx.execute(sql`insert into contact_search_lexicon (tenant_id, word) select ${acme.tenantId}, w from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) w`),
    );
    expect(await pruner().prune(acme.tenantId)).toBe(1_205);
    expect(await lexicon(acme.tenantId, words)).toEqual([]);
    expect(await found('ubaid')).toEqual(['Zubaida Farouqi']);
  });
});

describe.skipIf(!onPostgres)('pruning beside a contact being saved (PostgreSQL)', () => {
  it('a contact saved while the pruner runs keeps the word it shares with a deleted contact', async () => {
    // "quokkaberry" is in the lexicon only for a contact that is gone
    expect((await t.api.delete(`/contacts/${await addContact('Quokkaberry Adel')}`, { token: admin })).status).toBe(200);
    const writer = new pg.Client({ connectionString: t.database.databaseUrl });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query(`select set_config('role', 'crm_app', true), set_config('app.tenant_id', $1, true)`, [acme.tenantId]);
      // the word is known, so the writer does not add it; its own word rows are not committed yet
      await writer.query(
        `insert into contacts (tenant_id, id, name, phone, stage, is_archived, created_at, updated_at)
         values ($1, gen_random_uuid(), 'Quokkaberry Nabil', '+201099900001', 'lead', false, now(), now())`,
        [acme.tenantId],
      );
      const pruning = pruner().prune(acme.tenantId);
      expect(await settledWithin(pruning, 500)).toBe(false);
      await writer.query('commit');
      await pruning;
    } finally {
      await writer.end();
    }
    expect(await lexicon(acme.tenantId, ['quokkaberry'])).toEqual(['quokkaberry']);
    expect(await found('okkaber')).toEqual(['Quokkaberry Nabil']);
  });

  it('a contact saved while a chunk is being pruned brings back the word the chunk took out', async () => {
    expect((await t.api.delete(`/contacts/${await addContact('Wombatine Adel')}`, { token: admin })).status).toBe(200);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let chunkDone = () => {};
    const chunkRan = new Promise<void>((resolve) => (chunkDone = resolve));
    const repo = t.app.get(ContactLexiconRepository);
    const pruning = t.db.tenant(acme.tenantId, async (tx) => {
      const chunk = await repo.pruneChunk(tx, acme.tenantId, 'wombatina', 1);
      chunkDone();
      await held;
      return chunk;
    });
    await chunkRan;
    const saving = t.api.post('/contacts', { name: 'Wombatine Sherif', phone: '+201099900002' }, { token: admin });
    expect(await settledWithin(saving, 500)).toBe(false);
    release();
    expect(await pruning).toEqual({ last: 'wombatine', pruned: 1 });
    expect((await saving).status).toBe(201);
    expect(await lexicon(acme.tenantId, ['wombatine'])).toEqual(['wombatine']);
    expect(await found('mbatin')).toEqual(['Wombatine Sherif']);
  });
});
