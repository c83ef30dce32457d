/**
 * npm run bench:message-search — latency of message search at scale, on PostgreSQL.
 *
 * Creates a fresh database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crm_msgsearch_bench;
 * its name must contain "bench" because it is dropped first), starts the real backend on it
 * (migrations included), seeds one company with BENCH_MESSAGES messages over BENCH_CONTACTS
 * contacts with generate_series (the search indexes are built after the rows, as a restore would),
 * then times GET /messages/search over HTTP and prints p50/p95 in milliseconds.
 *
 * The texts mix English and Arabic words from a small vocabulary, so a word of it is in about 1 in
 * 12 messages ("a common word"); "zanzibar" is in 1 message of 250,000, a phone number written
 * "+20 100 555 0004" in one, and أحمد (searched as احمد) is common.
 *
 * Env: BENCH_MESSAGES (default 5000000), BENCH_CONTACTS (default 20000), BENCH_RUNS (default 40),
 * BENCH_KEEP=1 keeps the database, BENCH_REUSE=1 skips seeding when the database exists.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_msgsearch_bench';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
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

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<boolean> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/bench/i.test(name)) throw new Error(`Refusing to drop "${name}": the benchmark database name must contain "bench".`);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  return withClient(admin.toString(), async (c) => {
    const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (exists && process.env.BENCH_REUSE === '1') return false;
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
    return true;
  });
}

async function seed(c: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  await c.query(`
    create or replace function pg_temp.uuid7(ts timestamptz) returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ts) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $$;`);
  const tenantId = (await c.query(`insert into tenants (id, name, slug) values (pg_temp.uuid7(now()), 'Search Co', 'search-co') returning id`)).rows[0].id as string;
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
      `${role}${n}@search.test`,
      hash,
      role,
    ]);
    users.push(row.rows[0].id);
  }
  await c.query(
    `insert into contacts (id, tenant_id, name, phone, stage, assigned_to, source, created_at, updated_at)
     select pg_temp.uuid7(now()), $1, 'Contact ' || i, '+2010' || lpad(i::text, 8, '0'), 'lead',
            case when i % 2 = 0 then $3::uuid else $4::uuid end, 'manual', now(), now()
     from generate_series(1, $2::int) i`,
    [tenantId, CONTACTS, users[1], users[2]],
  );
  await c.query('create temp table numbered as select id, row_number() over (order by id) as n from contacts where tenant_id = $1', [tenantId]);
  // built once after the rows: maintaining a trigram index row by row is what makes a bulk load slow
  await c.query('drop index messages_search_trgm_idx');
  const words = `(${sqlList(WORDS)})`;
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH - 1);
    await c.query(
      `with base as (
         select i, date_trunc('milliseconds', now() - ($3::int - i) * interval '1 second') as at,
                ${words}[1 + (i * 7) % ${WORDS.length}] || ' ' || ${words}[1 + (i * 13 / 5) % ${WORDS.length}] || ' ' ||
                'item ' || (i % 997) || ' ' || ${words}[1 + (i * 31 / 7) % ${WORDS.length}] ||
                case when i % 250000 = 7 then ' zanzibar' else '' end ||
                case when i % 100000 = 3 then ' call +20 100 555 ' || lpad(((i / 100000) % 10000)::text, 4, '0') else '' end as body
         from generate_series($1::int, $2::int) i
       )
       insert into messages (id, tenant_id, contact_id, direction, type, body, status, ack, search_text, created_at, updated_at)
       select pg_temp.uuid7(b.at), $4, c.id, case when b.i % 3 = 0 then 'out' else 'in' end, 'text', b.body,
              case when b.i % 3 = 0 then 'sent' else 'received' end, case when b.i % 3 = 0 then 3 else 0 end,
              message_search_text(b.body, null), b.at, b.at
       from base b join numbered c on c.n = 1 + (b.i % $5::int)`,
      [from, to, MESSAGES, tenantId, CONTACTS],
    );
    console.log(`  ${to.toLocaleString('en-US')} messages (${took()})`);
  }
  await c.query('CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin ("search_text" gin_trgm_ops)');
  console.log(`  trigram index built (${took()})`);
  await c.query('vacuum analyze');
  console.log(`  vacuum analyze done (${took()})`);
}

type Scenario = { name: string; path: string; token: string; samples: number[]; note: string };
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function main() {
  console.log(`Database: ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}; ${MESSAGES.toLocaleString('en-US')} messages over ${CONTACTS.toLocaleString('en-US')} contacts, one company`);
  const fresh = await freshDatabase();
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
    const call = async (s: Scenario) => {
      const res = await fetch(`${base}${s.path}`, { headers: { authorization: `Bearer ${s.token}` } });
      const body = (await res.json()) as { data: { items: unknown[]; hasMore: boolean; nextCursor: string | null } };
      if (res.status !== 200) throw new Error(`${s.path}: ${res.status} ${JSON.stringify(body)}`);
      return body.data;
    };
    const q = (text: string, extra = '') => `/messages/search?q=${encodeURIComponent(text)}${extra}`;
    const firstPage = await call({ name: '', path: q('price'), token: admin, samples: [], note: '' });
    const scenarios: Scenario[] = [
      { name: 'Common word "price"', path: q('price'), token: admin, samples: [], note: '' },
      { name: 'Common word, page 2', path: q('price', `&cursor=${firstPage.nextCursor}`), token: admin, samples: [], note: '' },
      { name: 'Common word "price", sales rep (half the chats)', path: q('price'), token: rep, samples: [], note: '' },
      { name: 'Two common words "price scarf"', path: q('price scarf'), token: admin, samples: [], note: '' },
      { name: 'Rare word "zanzibar"', path: q('zanzibar'), token: admin, samples: [], note: '' },
      { name: 'Arabic word "احمد" (stored أحمد)', path: q('احمد'), token: admin, samples: [], note: '' },
      { name: 'Arabic word "الاسكندريه" (stored الإسكندرية)', path: q('الاسكندريه'), token: admin, samples: [], note: '' },
      { name: 'Phone "01005550004" (stored +20 100 555 0004)', path: q('01005550004'), token: admin, samples: [], note: '' },
      { name: 'No match "qwertyuiop"', path: q('qwertyuiop'), token: admin, samples: [], note: '' },
    ];
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
      const admin = new URL(DATABASE_URL);
      admin.pathname = '/postgres';
      await withClient(admin.toString(), (c) => c.query(`DROP DATABASE IF EXISTS "${new URL(DATABASE_URL).pathname.slice(1)}" WITH (FORCE)`));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
