/**
 * npm run bench:message-search — latency of message search at scale, on PostgreSQL.
 *
 * Creates a fresh database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crm_msgsearch_bench;
 * its name must contain "bench" because it is dropped first), starts the real backend on it
 * (migrations included), seeds one company with BENCH_MESSAGES messages over BENCH_CONTACTS
 * contacts with generate_series (the secondary indexes are built after the rows, as a restore
 * would), plus another company whose 1,000 messages are the newest and hold every searched word.
 * It then checks each search's page against the company's rows read directly (so the answer is
 * right under row-level security, hidden and deleted messages left out, the other company never in
 * it), times GET /messages/search over HTTP and prints p50/p95 in milliseconds.
 *
 * The texts mix English and Arabic words from a small vocabulary of 24, three to a message, so a
 * word of it is in about 1 message in 8 ("a common word"); "zanzibar" is in 1 message of 250,000,
 * a phone number written "+20 100 555 0004" in one, and أحمد (searched as احمد) is common. One
 * message in 1,000 is hidden ("delete for me") and one deleted by staff.
 *
 * Env: BENCH_MESSAGES (default 5000000), BENCH_CONTACTS (default 20000), BENCH_RUNS (default 40),
 * BENCH_KEEP=1 keeps the database, BENCH_REUSE=1 skips seeding when the database exists.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { createApp } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { containsPattern } from '../../backend/src/platform/db/contains-pattern.js';
import { foldForSearch, MESSAGE_SEARCH_PAGE_SIZE, messageSearchTerms } from '@crm/common';
import { dropBenchDatabase, freshBenchDatabase, withClient } from './bench-database.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_msgsearch_bench';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
/** The search's page size (MESSAGE_SEARCH_PAGE_SIZE). */
const PAGE = MESSAGE_SEARCH_PAGE_SIZE;
const BATCH = 500_000;
const PASSWORD = 'Bench-pass-123';

const WORDS = [
  'hello',
  'price',
  'scarf',
  'order',
  'delivery',
  'thanks',
  'size',
  'colour',
  'tomorrow',
  'cairo',
  'available',
  'discount',
  'أحمد',
  'السعر',
  'شكراً',
  'التوصيل',
  'متاح',
  'المقاس',
  'بكرة',
  'الإسكندرية',
  'خصم',
  'الطلب',
  'فاطمة',
  'مصطفى',
];
const sqlList = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** Company A's messages: one a second, the newest now; `i` picks the words, the contact and the odd ones out. */
function messagesSql(words: string, folded: string) {
  const pick = (arr: string, i: string) => `${arr}[1 + (${i}) % ${WORDS.length}]`;
  const text = (arr: string) =>
    `${pick(arr, 'i * 7')} || ' ' || ${pick(arr, 'i * 13 / 5')} || ' ' || 'item ' || (i % 997) || ' ' || ${pick(arr, 'i * 31 / 7')} || case when i % 250000 = 7 then ' zanzibar' else '' end`;
  const phone = `lpad(((i / 100000) % 10000)::text, 4, '0')`;
  return `
    with base as (
      select i, date_trunc('milliseconds', now() - ($3::int - i) * interval '1 second') as at,
             ${text(words)} || case when i % 100000 = 3 then ' call +20 100 555 ' || ${phone} else '' end as body,
             -- the folded text as message_search_text() writes it (the seed checks a sample), built from
             -- the vocabulary folded once: the per-row regular expressions were most of the seeding time
             ${text(folded)} || case when i % 100000 = 3 then ' call +20 100 555 ' || ${phone} || E'\\n20100555' || ${phone} else '' end as search_text
      from generate_series($1::int, $2::int) i
    )
    insert into messages (id, tenant_id, contact_id, direction, type, body, status, ack, search_text, hidden_for_tenant, deleted_for_everyone, deleted_by, created_at, updated_at)
    select pg_temp.uuid7(b.at), $4, c.id, case when b.i % 3 = 0 then 'out' else 'in' end, 'text', b.body,
           case when b.i % 3 = 0 then 'sent' else 'received' end, case when b.i % 3 = 0 then 3 else 0 end,
           b.search_text, b.i % 1000 = 1, b.i % 1000 = 2, case when b.i % 1000 = 2 then 'staff' end, b.at, b.at
    from base b join numbered c on c.n = 1 + (b.i % $5::int)`;
}

/** The secondary indexes, dropped for the bulk load and built once after it (as a restore does). */
const LOAD_INDEXES = ['messages_contact_idx', 'messages_tenant_newest_idx', 'messages_search_trgm_idx'];

async function seed(c: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  // a bulk load: no per-row foreign-key triggers (the rows are made consistent here), no waiting on the WAL flush
  await c.query("set session_replication_role = 'replica'");
  await c.query('set synchronous_commit = off');
  await c.query("set maintenance_work_mem = '1GB'");
  await c.query(`
    create or replace function pg_temp.uuid7(ts timestamptz) returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ts) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $$;`);
  const company = async (name: string, slug: string, emailPrefix: string) => {
    const tenantId = (await c.query(`insert into tenants (id, name, slug) values (pg_temp.uuid7(now()), $1, $2) returning id`, [name, slug])).rows[0].id as string;
    await c.query('insert into tenant_settings (tenant_id) values ($1)', [tenantId]);
    const users: string[] = [];
    for (const [role, n] of [
      ['admin', 1],
      ['sales', 1],
      ['sales', 2],
    ] as const) {
      const row = await c.query(`insert into users (id, tenant_id, name, email, password_hash, role) values (pg_temp.uuid7(now()), $1, $2, $3, $4, $5) returning id`, [
        tenantId,
        `${role} ${n}`,
        `${emailPrefix}${role}${n}@search.test`,
        hash,
        role,
      ]);
      users.push(row.rows[0].id);
    }
    return { tenantId, users };
  };
  const a = await company('Search Co', 'search-co', '');
  await c.query(
    `insert into contacts (id, tenant_id, name, phone, stage, assigned_to, source, created_at, updated_at)
     select pg_temp.uuid7(now()), $1, 'Contact ' || i, '+2010' || lpad(i::text, 8, '0'), 'lead',
            case when i % 2 = 0 then $3::uuid else $4::uuid end, 'manual', now(), now()
     from generate_series(1, $2::int) i`,
    [a.tenantId, CONTACTS, a.users[1], a.users[2]],
  );
  await c.query('create temp table numbered as select id, row_number() over (order by id) as n from contacts where tenant_id = $1', [a.tenantId]);
  for (const index of LOAD_INDEXES) await c.query(`drop index ${index}`);
  const words = `(${sqlList(WORDS)})`;
  const folded = `(${sqlList(WORDS.map(foldForSearch))})`;
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH - 1);
    await c.query(messagesSql(words, folded), [from, to, MESSAGES, a.tenantId, CONTACTS]);
    console.log(`  ${to.toLocaleString('en-US')} messages (${took()})`);
  }
  const wrong = await c.query(`select count(*)::int as n from (select body, search_text from messages tablesample system (0.2)) s where search_text is distinct from message_search_text(body, null)`);
  const phones = await c.query(`select count(*)::int as n from messages where body like '%call +20%' and search_text is distinct from message_search_text(body, null)`);
  if (wrong.rows[0].n || phones.rows[0].n) throw new Error(`search_text differs from message_search_text() on ${wrong.rows[0].n} sampled and ${phones.rows[0].n} phone messages`);

  // Another company whose messages hold every searched word and are the newest of all: a search
  // that let them through (row-level security, the tenant in the function) would show them first.
  const b = await company('Other Co', 'other-co', 'other-');
  await c.query(
    `insert into contacts (id, tenant_id, name, phone, stage, assigned_to, source, created_at, updated_at)
     values (pg_temp.uuid7(now()), $1, 'Other contact', '+201099999999', 'lead', $2, 'manual', now(), now())`,
    [b.tenantId, b.users[1]],
  );
  await c.query(
    `insert into messages (id, tenant_id, contact_id, direction, type, body, status, search_text, created_at, updated_at)
     select pg_temp.uuid7(at), $1, (select id from contacts where tenant_id = $1), 'in', 'text', body, 'received', message_search_text(body, null), at, at
     from (select now() + i * interval '1 second' as at, array_to_string(${words}, ' ') || ' zanzibar call +20 100 555 0004 ' || i as body
           from generate_series(1, 1000) i) s`,
    [b.tenantId],
  );
  console.log(`  checked the stored search text; another company's 1,000 newest messages (${took()})`);
  await c.query('CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("tenant_id","contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST)');
  await c.query('CREATE INDEX "messages_tenant_newest_idx" ON "messages" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST)');
  console.log(`  btree indexes built (${took()})`);
  await c.query('CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin ("search_text" gin_trgm_ops)');
  console.log(`  trigram index built (${took()})`);
  await c.query('vacuum analyze');
  console.log(`  vacuum analyze done (${took()})`);
}

/**
 * What the page must be, read without row-level security (the bench connects as the database
 * owner) and without the search function: the company's visible messages holding every term,
 * newest first, `offset` in.
 */
async function expectedPage(c: pg.Client, tenantSlug: string, q: string, assigneeEmail: string | null, offset: number, limit: number): Promise<string[]> {
  const patterns = messageSearchTerms(q).map(containsPattern);
  const rows = await c.query(
    `select m.id from messages m join tenants t on t.id = m.tenant_id
     where t.slug = $1 and m.search_text like all($2::text[]) and not m.hidden_for_tenant
       and not (m.deleted_for_everyone and m.deleted_by is distinct from 'contact')
       and ($3::text is null or m.contact_id in (select c.id from contacts c join users u on u.id = c.assigned_to where u.email = $3))
     order by m.created_at desc, m.id desc offset $4 limit $5`,
    [tenantSlug, patterns, assigneeEmail, offset, limit],
  );
  return rows.rows.map((r) => r.id as string);
}

/** `check`: the query, whose page must be what the database holds (who asks, and how many rows in the page starts). */
type Scenario = { name: string; path: string; token: string; samples: number[]; note: string; check: { q: string; as: string | null; offset: number } };
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function main() {
  console.log(`Database: ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}; ${MESSAGES.toLocaleString('en-US')} messages over ${CONTACTS.toLocaleString('en-US')} contacts, one company`);
  const fresh = await freshBenchDatabase(DATABASE_URL, { reuse: process.env.BENCH_REUSE === '1' });
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  const config = loadAppConfig({
    DATABASE_URL,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DEMO: '0',
    WHATSAPP_DRIVER: 'simulator',
    LOG_LEVEL: 'warn',
    PORT: '0',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
  });
  const app = await createApp(config); // migrates the fresh database
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  try {
    if (fresh) {
      console.log('Seeding (generate_series)…');
      await withClient(DATABASE_URL, seed);
    }
    const login = async (email: string) => {
      const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
      const body = (await res.json()) as { data: { token: string } };
      return body.data.token;
    };
    const admin = await login('admin1@search.test');
    const rep = await login('sales1@search.test');
    const call = async (s: Pick<Scenario, 'path' | 'token'>) => {
      const res = await fetch(`${base}${s.path}`, { headers: { authorization: `Bearer ${s.token}` } });
      const body = (await res.json()) as { data: { items: { messageId: string }[]; hasMore: boolean; nextCursor: string | null } };
      if (res.status !== 200) throw new Error(`${s.path}: ${res.status} ${JSON.stringify(body)}`);
      return body.data;
    };
    const q = (text: string, extra = '') => `/messages/search?q=${encodeURIComponent(text)}${extra}`;
    const firstPage = await call({ path: q('price'), token: admin });
    const scenario = (name: string, text: string, token: string, as: string | null, page2 = false): Scenario => ({
      name,
      path: q(text, page2 ? `&cursor=${firstPage.nextCursor}` : ''),
      token,
      samples: [],
      note: '',
      check: { q: text, as, offset: page2 ? PAGE : 0 },
    });
    const scenarios: Scenario[] = [
      scenario('Common word "price"', 'price', admin, null),
      scenario('Common word, page 2', 'price', admin, null, true),
      scenario('Common word "price", sales rep (half the chats)', 'price', rep, 'sales1@search.test'),
      scenario('Two common words "price scarf"', 'price scarf', admin, null),
      scenario('Rare word "zanzibar"', 'zanzibar', admin, null),
      scenario('Arabic word "احمد" (stored أحمد)', 'احمد', admin, null),
      scenario('Arabic word "الاسكندريه" (stored الإسكندرية)', 'الاسكندريه', admin, null),
      scenario('Phone "01005550004" (stored +20 100 555 0004)', '01005550004', admin, null),
      scenario('No match "qwertyuiop"', 'qwertyuiop', admin, null),
    ];
    // correct under row-level security: each page is exactly what the company's rows say it must be
    // (and the other company's newer messages, which hold every word, are in none of them)
    await withClient(DATABASE_URL, async (c) => {
      for (const s of scenarios) {
        const got = (await call(s)).items.map((h) => h.messageId);
        const want = await expectedPage(c, 'search-co', s.check.q, s.check.as, s.check.offset, PAGE);
        if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${s.name}: the page differs from the database (${got.length} rows, ${want.length} expected)`);
        if (s.name.startsWith('Common') && got.length < PAGE) throw new Error(`${s.name}: a common word filled no page (${got.length} rows)`);
      }
      const otherAdmin = await login('other-admin1@search.test');
      const other = await call({ path: q('price'), token: otherAdmin });
      const otherWant = await expectedPage(c, 'other-co', 'price', null, 0, PAGE);
      if (JSON.stringify(other.items.map((h) => h.messageId)) !== JSON.stringify(otherWant)) throw new Error("The other company's search differs from its rows");
    });
    console.log(`Checked: every scenario's page equals the company's matching rows read directly; the other company sees only its own.`);
    for (const s of scenarios) for (let i = 0; i < WARMUP; i++) await call(s);
    for (let i = 0; i < RUNS; i++) {
      for (const s of scenarios) {
        const t0 = performance.now();
        const page = await call(s);
        s.samples.push(performance.now() - t0);
        s.note = `${page.items.length} rows${page.hasMore ? ', more' : ''}`;
      }
    }
    console.log(
      `Load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`\n| Search (${MESSAGES.toLocaleString('en-US')} messages) | p50 (ms) | p95 (ms) | Result |\n|---|---:|---:|---|`);
    for (const s of scenarios) {
      const sorted = [...s.samples].sort((a, b) => a - b);
      console.log(`| ${s.name} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${s.note} |`);
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== '1' && process.env.BENCH_REUSE !== '1') {
      await dropBenchDatabase(DATABASE_URL);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
