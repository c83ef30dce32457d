import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { SEARCH_WORD_SEPARATORS, isWordFragment } from './contact-word-search.js';

/**
 * A one-word search answered from contact_search_words must find exactly what the folded text
 * finds. A `from` in the distant past selects the same contacts but takes the folded text's way
 * (the words carry no such filter), so every query below is asked both ways and compared.
 */
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let admin = '';
let sales = '';
let globexAdmin = '';
const BASE = new Date('2026-03-10T08:00:00Z');
const OLD_WAY = 'from=2000-01-01';

const NAMES = ['Ahmed Hassan', 'Mohamed Ahmed', 'Hassanein Ali', 'Sara Elhassan', 'Sarah Mahmoud', 'أحمد حسن', 'محمد الأحمدي', 'Mona Zaki', 'Omar', null];
const EMAILS = ['ahmed.hassan87@mail.test', 'sara_h@nile.test', null, 'HASSAN@Shop.test', 'mona-zaki@mail.test'];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(BASE);
  acme = await seedCompany(t, 'acme', { sales: 1 });
  globex = await seedCompany(t, 'globex', { sales: 0 });
  await t.db.platform(async (tx) => {
    for (const tenant of [acme.tenantId, globex.tenantId]) {
      await tx.execute(sql`
        insert into contacts (tenant_id, id, name, phone, email, stage, is_archived, assigned_to, created_at, updated_at)
        select ${tenant}, gen_random_uuid(),
               (${sql.raw(`array[${NAMES.map((n) => (n === null ? 'null' : `'${n}'`)).join(',')}]::text[]`)})[1 + i % ${NAMES.length}] || case when i % 4 = 0 then ' ' || i else '' end,
               '+2010' || lpad(i::text, 8, '0'),
               (${sql.raw(`array[${EMAILS.map((e) => (e === null ? 'null' : `'${e}'`)).join(',')}]::text[]`)})[1 + i % ${EMAILS.length}],
               (array['lead','lead','customer','sales'])[1 + i % 4], i % 7 = 0,
               case when i % 3 = 0 and ${tenant} = ${acme.tenantId}::uuid then ${acme.sales[0].id}::uuid end,
               ${BASE}::timestamptz - ((i % 50) || ' minutes')::interval, ${BASE}::timestamptz
        from generate_series(1, 400) i`);
    }
  });
  admin = await signIn(t, acme.admin.email);
  sales = await signIn(t, acme.sales[0].email);
  globexAdmin = await signIn(t, globex.admin.email);
});
afterAll(() => t?.close());

type Page = { items: { _id: string; name: string | null }[]; total: number; totalIsLowerBound?: boolean };
const list = async (query: string, token = admin): Promise<Page> => {
  const res = await t.api.get(`/contacts?${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.body.data as Page;
};
/** Every page of a search, ids in order, and its total: by the words and the old way. */
async function bothWays(query: string, token = admin) {
  const read = async (extra: string) => {
    const ids: string[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const got = await list(`${query}&limit=50&page=${page}${extra}`, token);
      if (page === 1) total = got.total;
      ids.push(...got.items.map((c) => c._id));
      if (got.items.length < 50) break;
    }
    return { ids, total };
  };
  return { words: await read(''), folded: await read(`&${OLD_WAY}`) };
}

const QUERIES = ['hassan', 'HASSAN', 'Hassa', 'ahmed', 'ahm', 'sara', 'sarah', 'elhas', 'mail', 'nile', 'zaki', 'omar', 'أحمد', 'حسن', 'الأحمد', 'mahmoud', 'nobody', 'test', 'hmed', 'ein'];

describe('one-word search by the words', () => {
  it('splits names and emails where the database does, and takes only fragments without a separator', async () => {
    const samples = ['Ahmed Hassan', 'ahmed.hassan87@mail.test', 'a\tb\nc', 'Sara\u00a0Ali', 'أحمد، حسن؟ ٣٤ علي', 'x_y-z+w[v]u{t}', 'UPPER case'];
    const rows = (await t.db.platform((tx) =>
      tx.execute(sql`select s, array(select contact_search_words_of(E'digits\n' || lower(s)) order by 1) as words from jsonb_array_elements_text(${JSON.stringify(samples)}::jsonb) s`),
    )) as unknown as { rows: { s: string; words: string[] }[] };
    for (const { s, words } of rows.rows) {
      const expected = [
        ...new Set(
          s
            .toLowerCase()
            .split(new RegExp(`${SEARCH_WORD_SEPARATORS.source}+`, 'g'))
            .filter(Boolean),
        ),
      ];
      expect(words.sort(), s).toEqual(expected.sort());
    }
    expect(isWordFragment('hassan')).toBe(true);
    expect(isWordFragment('أحمد')).toBe(true);
    for (const q of ['ahmed hassan', 'sara.h', 'sara_h', 'a87', 'mo', '٣٤٥', 'x@y']) expect(isWordFragment(q), q).toBe(false);
  });

  it.each(QUERIES)('"%s" finds the same contacts, in the same order, with the same total', async (q) => {
    const { words, folded } = await bothWays(`q=${encodeURIComponent(q)}`);
    expect(words).toEqual(folded);
  });

  it('is answered by the words: a contact whose words are gone is found only the old way', async () => {
    const [victim] = (await list('q=omar&limit=1')).items;
    await t.db.platform((tx) => tx.execute(sql`delete from contact_search_words where contact_id = ${victim._id}`));
    expect((await list('q=omar&limit=500')).items.map((c) => c._id)).not.toContain(victim._id);
    expect((await list(`q=omar&limit=500&${OLD_WAY}`)).items.map((c) => c._id)).toContain(victim._id);
    // put back as the trigger would: any change of its name rewrites them
    expect((await t.api.patch(`/contacts/${victim._id}`, { name: 'Someone Else' }, { token: admin })).status).toBe(200);
    expect((await t.api.patch(`/contacts/${victim._id}`, { name: victim.name }, { token: admin })).status).toBe(200);
    expect((await list('q=omar&limit=500')).items.map((c) => c._id)).toContain(victim._id);
  });

  it('a fragment in more words than the lexicon bound still finds every contact', async () => {
    const suffixes = 'abcdefghijklmnopqrstuvwxy'.split('');
    for (const [n, s] of suffixes.entries()) {
      expect((await t.api.post('/contacts', { name: `Kamala${s}${s} Nour`, phone: `+2012${String(n).padStart(8, '0')}` }, { token: admin })).status).toBe(201);
    }
    const { words, folded } = await bothWays('q=kamal');
    expect(words).toEqual(folded);
    expect(words.total).toBe(suffixes.length);
  });

  it('within a list, archived or not, unassigned, oldest first, and for a sales user (own contacts only)', async () => {
    for (const query of ['q=hassan&stage=lead', 'q=ahmed&stage=customer&isArchived=false', 'q=sara&isArchived=true', 'q=hassan&assignedTo=unassigned', 'q=ahmed&sortBy=createdAt&order=asc']) {
      const { words, folded } = await bothWays(query);
      expect(words, query).toEqual(folded);
      expect(words.total, query).toBeGreaterThan(0);
    }
    const own = await bothWays('q=hassan', sales);
    expect(own.words).toEqual(own.folded);
    const all = await bothWays('q=hassan');
    expect(own.words.total).toBeLessThan(all.words.total);
  });

  it("never finds another company's contacts", async () => {
    const mine = await bothWays('q=hassan');
    const theirs = await bothWays('q=hassan', globexAdmin);
    expect(theirs.words).toEqual(theirs.folded);
    expect(theirs.words.ids.filter((id) => mine.words.ids.includes(id))).toEqual([]);
    // a word only the other company has
    const [{ _id }] = (await list('q=omar&limit=1', globexAdmin)).items;
    expect((await t.api.patch(`/contacts/${_id}`, { name: 'Zanzibar Quill' }, { token: globexAdmin })).status).toBe(200);
    expect((await list('q=quill')).total).toBe(0);
    expect((await list('q=quill', globexAdmin)).total).toBe(1);
  });

  it('follows renames, stage moves, assignment, archiving and deletion', async () => {
    const [first, second] = (await list('q=mona&stage=lead&limit=2')).items;
    expect((await t.api.patch(`/contacts/${first._id}`, { name: 'Yasmin Fathy', email: 'yasmin@fathy.test' }, { token: admin })).status).toBe(200);
    expect((await list('q=yasmin')).items.map((c) => c._id)).toEqual([first._id]);
    expect((await list('q=fathy')).total).toBe(1);
    const mona = await bothWays('q=mona');
    expect(mona.words).toEqual(mona.folded);
    expect(mona.words.ids).not.toContain(first._id);

    const assigned = await t.api.put('/leads/assign-bulk', { leadIds: [first._id], salesId: acme.sales[0].id }, { token: admin });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await t.api.patch(`/contacts/${first._id}/stage`, { stage: 'customer' }, { token: admin })).status).toBe(200);
    expect((await list('q=yasmin&stage=customer')).total).toBe(1);
    expect((await list('q=yasmin&stage=lead')).total).toBe(0);
    const ownWays = await bothWays('q=yasmin', sales);
    expect(ownWays.words).toEqual(ownWays.folded);
    expect(ownWays.words.total).toBe(1);
    expect((await t.api.patch(`/contacts/${first._id}`, { isArchived: true }, { token: admin })).status).toBe(200);
    expect((await list('q=yasmin&isArchived=true')).total).toBe(1);
    expect((await list('q=yasmin&isArchived=false')).total).toBe(0);

    expect((await t.api.delete(`/contacts/${second._id}`, { token: admin })).status).toBe(200);
    const after = await bothWays('q=zaki');
    expect(after.words).toEqual(after.folded);
    expect(after.words.ids).not.toContain(second._id);
    const stored = (await t.db.platform((tx) => tx.execute(sql`select count(*)::int as n from contact_search_words where contact_id = ${second._id}`))) as unknown as {
      rows: { n: number }[];
    };
    expect(stored.rows[0].n).toBe(0);
  });
});
