/**
 * npm run bench:contacts — latency of the contact lists at scale, on PostgreSQL.
 *
 * Creates a fresh database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crm_bench;
 * its name must contain "bench" because it is dropped first), starts the real backend on it
 * (migrations included), seeds two companies of 200,000 contacts each with generate_series,
 * then times each API call over HTTP and prints p50/p95 in milliseconds, twice: back to back, and
 * with a pause before each request as a person clicks (BENCH_PACE_MS, default 100; 0 skips it).
 * Each deal gets the stage and pipeline history the app would have written (the board's days in
 * stage and the reports read it).
 *
 * Env: BENCH_CONTACTS (per company, default 200000), BENCH_TENANTS (small companies beside them, default 1000), BENCH_PRODUCTS (catalogue size per company, default 20000),
 * BENCH_RUNS (default 40; the two exports run at most 20), BENCH_ONLY (a regular expression: only the calls
 * whose name matches, no exports — for profiling one call), BENCH_KEEP=1 keeps
 * the database for EXPLAIN sessions, BENCH_REUSE=1 skips seeding when the database is already seeded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { createApp } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { PACE_MS, WARMUP, timeBothPaces, timeInterleaved, whileExporting, type Result, type Scenario } from './contacts-bench-timing.js';
import { CATALOGUE_WORDS, FAMILY, FIRST, GOVERNORATES, sqlList } from './contacts-bench-data.js';
import { seedDealHistory } from './contacts-bench-history.js';
import { timeLexiconPruning } from './contacts-bench-lexicon.js';
import { dropBenchDatabase, freshBenchDatabase, withClient } from './bench-database.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_bench';
const PER_TENANT = Number(process.env.BENCH_CONTACTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** Products in each catalogue; the first 12 are the ones the deals hold. */
const PRODUCTS = Math.max(12, Number(process.env.BENCH_PRODUCTS ?? 20_000));
const PASSWORD = 'Bench-pass-123';
/** Small companies beside the two big ones, for the super administrator's lists and totals. */
const EXTRA_TENANTS = Number(process.env.BENCH_TENANTS ?? 1_000);

/** Two companies, each: 1 admin, 2 sales users, PRODUCTS products (deals hold the first 12), 5 couriers, PER_TENANT contacts. */
async function seed(c: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  const started = Date.now();
  await c.query(`
    create or replace function pg_temp.uuid7(ts timestamptz) returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ts) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $$;`);
  await c.query('select setseed(0.42)');
  // the platform owner, and a platform of many small companies around the two big ones (the super
  // administrator's screens page and count over every company)
  await c.query(`insert into platform_admins (id, name, email, password_hash) values (pg_temp.uuid7(now()), 'Root', 'root@bench.test', $1)`, [hash]);
  await c.query(
    `with t as (
       insert into tenants (id, name, slug, is_active, subscription_type, subscription_status, subscription_price, subscription_paid, created_at)
       select pg_temp.uuid7(now() - (i || ' hours')::interval), 'Shop ' || i, 'shop-' || i, i % 10 <> 0,
              (array['trial','monthly','yearly'])[1 + i % 3], (array['active','active','expired','inactive'])[1 + i % 4], 100 + i % 900, (i * 37) % 600,
              now() - (i || ' hours')::interval
       from generate_series(1, $1::int) i returning id, slug)
     insert into users (id, tenant_id, name, email, password_hash, role)
     select pg_temp.uuid7(now()), t.id, 'Owner of ' || t.slug, 'owner@' || t.slug || '.test', $2, 'admin' from t`,
    [EXTRA_TENANTS, hash],
  );
  for (const slug of ['bench-a', 'bench-b']) {
    const tenantId = (await c.query(`insert into tenants (id, name, slug) values (pg_temp.uuid7(now()), $1, $2) returning id`, [`Company ${slug}`, slug])).rows[0].id;
    await c.query('insert into tenant_settings (tenant_id) values ($1)', [tenantId]);
    const users: string[] = [];
    for (const [role, n] of [
      ['admin', 1],
      ['sales', 1],
      ['sales', 2],
    ] as const) {
      const row = await c.query(`insert into users (id, tenant_id, name, email, password_hash, role) values (pg_temp.uuid7(now()), $1, $2, $3, $4, $5) returning id`, [
        tenantId,
        `${role === 'admin' ? 'Admin' : 'Sales'} ${n}`,
        `${role}${n}@${slug}.test`,
        hash,
        role,
      ]);
      users.push(row.rows[0].id);
    }
    await c.query(
      `insert into products (id, tenant_id, name, sku, price, stock_qty)
       select pg_temp.uuid7(now()), $1, 'Product ' || i, 'SKU-' || i, (100 + i * 75)::numeric, 50 from generate_series(1, 12) i`,
      [tenantId],
    );
    await c.query(`insert into shipping_companies (id, tenant_id, name) select pg_temp.uuid7(now()), $1, n from unnest(ARRAY['Bosta','Aramex','Mylerz','J&T Express','Egypt Post']) n`, [tenantId]);
    await c.query(
      `with base as (
         select i, now() - (random() * interval '365 days') as created, random() as r_stage, random() as r_assign, random() as r_status, random() as r_mail
         from generate_series(1, $2::int) i
       ), shaped as (
         select *, case when r_stage < 0.6 then 'lead' when r_stage < 0.8 then 'customer' else 'sales' end as stage,
                (${sqlList(FIRST)})[1 + (i * 7) % ${FIRST.length}] as first, (${sqlList(FAMILY)})[1 + (i * 13 + i / 97) % ${FAMILY.length}] as family
         from base
       )
       insert into contacts (id, tenant_id, name, phone, email, stage, assigned_to, source, pipeline_status, deal_amount, probability,
                             shipping_company_id, shipping_status, shipping_governorate, shipping_city, created_at, updated_at)
       select pg_temp.uuid7(created), $1, first || ' ' || family,
              '+20' || (ARRAY['10','11','12','15'])[1 + i % 4] || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
              case when r_mail < 0.4 then lower(first || '.' || family || i || '@mail.test') end,
              stage,
              case when r_assign < 0.45 then $3::uuid when r_assign < 0.9 then $4::uuid end,
              'manual',
              case when stage = 'sales' then (ARRAY['new','contacted','qualified','proposal','negotiation','won','won','lost'])[1 + floor(r_status * 8)::int] end,
              case when stage = 'sales' then round((200 + r_status * 9800)::numeric, 2) end,
              case when stage = 'sales' then (r_status * 100)::int end,
              case when stage = 'sales' and r_status > 0.4 then (select id from shipping_companies s where s.tenant_id = $1 order by s.name limit 1 offset (i % 5)) end,
              case when stage = 'sales' and r_status > 0.4 then (ARRAY['pending','processing','shipped','delivered','returned','cancelled'])[1 + i % 6] end,
              case when stage = 'sales' then (${sqlList(GOVERNORATES)})[1 + i % ${GOVERNORATES.length}] end,
              case when stage = 'sales' then 'City ' || (i % 40) end,
              created, created
       from shaped`,
      [tenantId, PER_TENANT, users[1], users[2]],
    );
    await c.query(
      `insert into contact_deal_products (id, tenant_id, contact_id, product_id, qty, price, position)
       select pg_temp.uuid7(c.created_at), c.tenant_id, c.id, p.id, 1 + (abs(hashtext(c.id::text)) % 3), p.price, g
       from contacts c
       cross join lateral generate_series(0, abs(hashtext(c.phone)) % 3) g
       join lateral (select id, price from products p where p.tenant_id = c.tenant_id order by p.sku limit 1 offset ((abs(hashtext(c.id::text)) + g * 5) % 12)) p on true
       where c.tenant_id = $1 and c.stage = 'sales'`,
      [tenantId],
    );
    await seedDealHistory(c, tenantId);
    // The rest of the catalogue, added after the deals so that they still hold only the first 12.
    await c.query(
      `insert into products (id, tenant_id, name, sku, category, price, stock_qty, min_qty)
       select pg_temp.uuid7(now()), $1, (${sqlList(CATALOGUE_WORDS)})[1 + i % ${CATALOGUE_WORDS.length}] || ' ' || (${sqlList(GOVERNORATES)})[1 + (i / 7) % ${GOVERNORATES.length}] || ' ' || i,
              'CAT-' || lpad(i::text, 6, '0'), (${sqlList(CATALOGUE_WORDS)})[1 + i % ${CATALOGUE_WORDS.length}], (50 + (i % 400) * 5)::numeric, i % 90, 10
       from generate_series(13, $2::int) i`,
      [tenantId, PRODUCTS],
    );
    console.log(`  seeded ${slug}: ${PER_TENANT.toLocaleString('en-US')} contacts (${((Date.now() - started) / 1000).toFixed(0)} s so far)`);
  }
  await c.query('vacuum analyze');
  console.log(`  vacuum analyze done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

async function main() {
  console.log(`Database: ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}; ${PER_TENANT.toLocaleString('en-US')} contacts and ${PRODUCTS.toLocaleString('en-US')} products per company, 2 companies`);
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
    const admin = await login('admin1@bench-a.test');
    const sales = await login('sales1@bench-a.test');
    const getJson = async (path: string, token = admin) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { ok: boolean; data: { items?: unknown[]; total?: number; totalIsLowerBound?: boolean }; error?: string };
      if (!body.ok) throw new Error(`${path}: ${res.status} ${body.error}`);
      return body.data;
    };
    const list =
      (path: string, token = admin) =>
      async () => {
        const d = await getJson(path, token);
        return `${d.items?.length ?? 0} rows of ${(d.total ?? 0).toLocaleString('en-US')}${d.totalIsLowerBound ? '+' : ''}`;
      };

    // search terms taken from the data: a phone fragment and a full name that exist
    const sample = (await getJson('/contacts?stage=lead&page=700&limit=1')) as { items: { phone: string; name: string }[] };
    const phoneFragment = '0' + sample.items[0].phone.slice(3, 10); // national spelling, 8 digits: 010xxxxx
    const fullName = sample.items[0].name;
    // an email's part before the @, as someone types it from a message (4 in 10 contacts have one)
    const withEmail = (await getJson('/contacts?q=mail.test&page=300&limit=1')) as { items: { email: string }[] };
    const emailFragment = withEmail.items[0].email.split('@')[0];
    // the export: the newest 10,000 leads, selected by their creation time
    const tenThousandth = (await getJson('/contacts?stage=lead&page=10000&limit=1')) as { items: { createdAt: string }[] };
    const exportFrom = encodeURIComponent(tenThousandth.items[0].createdAt);

    const scenarios: Scenario[] = [];
    // BENCH_ONLY (a regular expression) times only the calls whose name matches, and no exports
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
    const run = (name: string, call: () => Promise<string>) => (only && !only.test(name) ? 0 : scenarios.push({ name, call, samples: [], note: '' }));
    const month = `${new Date().toISOString().slice(0, 8)}01`;
    // A product the deals hold (the catalogue beyond SKU-12 is on no deal).
    const product = ((await getJson('/products?q=SKU-1&limit=1')) as { items: { _id: string }[] }).items[0]._id;
    run('Leads list, page 1 (50, newest first)', list('/contacts?stage=lead&page=1&limit=50'));
    run('Leads list, page 1000', list('/contacts?stage=lead&page=1000&limit=50'));
    run('Leads list sorted by name, page 1', list('/contacts?stage=lead&sortBy=name&order=asc&limit=50'));
    run('All contacts sorted by name, page 1 (no stage filter)', list('/contacts?sortBy=name&order=asc&limit=50'));
    run('Chat list, first page with total', async () => {
      const d = (await getJson('/chats?limit=50')) as { items: unknown[]; total: number };
      return `${d.items.length} rows of ${d.total.toLocaleString('en-US')}`;
    });
    run('Leads list sorted by last update, page 1', list('/contacts?stage=lead&sortBy=updatedAt&order=desc&limit=50'));
    run('Leads list of a sales user, page 1', list('/contacts?stage=lead&page=1&limit=50', sales));
    run('Leads list, unassigned, this month', list(`/contacts?stage=lead&assignedTo=unassigned&from=${month}&limit=50`));
    run('Customers list (isArchived=false), page 1', list('/contacts?stage=customer&isArchived=false&limit=50'));
    run(`Phone search "${phoneFragment}"`, list(`/contacts?q=${phoneFragment}&limit=50`));
    run(`Name search "${fullName}"`, list(`/contacts?q=${encodeURIComponent(fullName)}&limit=50`));
    run('Name search, one common word "Hassan"', list('/contacts?q=Hassan&limit=50'));
    // one word, as typed: a first name, lower case, in one list; an email; a word nobody has
    run('Name search, one word "Ahmed"', list('/contacts?q=Ahmed&limit=50'));
    run('Leads search, one word "sara"', list('/contacts?stage=lead&q=sara&limit=50'));
    run('Customers search, one word "Hassan"', list('/contacts?stage=customer&isArchived=false&q=Hassan&limit=50'));
    run('Pipeline search "Hassan" with totals', list('/contacts?stage=sales&q=Hassan&limit=10&withTotals=true'));
    run(`Email search "${emailFragment}"`, list(`/contacts?q=${encodeURIComponent(emailFragment)}&limit=50`));
    run('Name search, a word nobody has "Zanzibar"', list('/contacts?q=Zanzibar&limit=50'));
    run('Pipeline list with totals (10 per page)', async () => {
      const d = (await getJson('/contacts?stage=sales&limit=10&withTotals=true')) as { items: unknown[]; totals: { count: number } };
      return `${d.items.length} rows, totals over ${d.totals.count.toLocaleString('en-US')} deals`;
    });
    run('Pipeline with totals, status won', list('/contacts?stage=sales&pipeline_status=won&limit=10&withTotals=true'));
    run('Pipeline with totals, status won + product', list(`/contacts?stage=sales&pipeline_status=won&productId=${product}&limit=10&withTotals=true`));
    run('Pipeline with totals, this month', list(`/contacts?stage=sales&from=${month}&limit=10&withTotals=true`));
    run('Pipeline sorted by amount, page 1', list('/contacts?stage=sales&sortBy=amount&order=desc&limit=10'));
    // the deal board: every column's count and total with its first page, one more page, a move
    run('Deal board, first load (7 columns, totals + 20 cards each)', async () => {
      const d = (await getJson('/deals/board')) as unknown as { columns: { count: number; items: unknown[] }[] };
      return `${d.columns.reduce((n, c) => n + c.items.length, 0)} cards, ${d.columns.reduce((n, c) => n + c.count, 0).toLocaleString('en-US')} deals`;
    });
    run('Deal board of a sales user, first load (own deals only)', async () => {
      const d = (await getJson('/deals/board', sales)) as unknown as { columns: { count: number; items: unknown[] }[] };
      return `${d.columns.reduce((n, c) => n + c.items.length, 0)} cards, ${d.columns.reduce((n, c) => n + c.count, 0).toLocaleString('en-US')} deals`;
    });
    run('Deal board, next page of a column (new, page 2)', async () => {
      const d = (await getJson('/deals/board/new?page=2')) as unknown as { items: unknown[]; count: number };
      return `${d.items.length} cards of ${d.count.toLocaleString('en-US')}`;
    });
    const moving = ((await getJson('/contacts?stage=sales&pipeline_status=new&limit=1')) as { items: { _id: string }[] }).items[0]._id;
    let movedTo = 'new';
    run('Deal board, move a deal (saved with its history)', async () => {
      movedTo = movedTo === 'new' ? 'contacted' : 'new';
      const res = await fetch(`${base}/deals/${moving}/status`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: movedTo }),
      });
      if (!res.ok) throw new Error(`move: ${res.status}`);
      return `to ${movedTo}`;
    });
    run('Stats, all time', async () => JSON.stringify(await getJson('/contacts/stats')));
    run('Stats, this month', async () => JSON.stringify(await getJson(`/contacts/stats?from=${month}`)));
    run('Stats of a sales user', async () => JSON.stringify(await getJson('/contacts/stats', sales)));
    // the detailed report and team performance
    const rep = ((await getJson('/auth/users?role=sales')) as unknown as { _id: string }[])[0]._id;
    const report = (query: string) => async () => {
      const d = (await getJson(`/reports/detailed${query}`)) as unknown as { kpis: { leads: number; sales: number }; monthlyRevenue: unknown[] };
      return `${d.kpis.leads.toLocaleString('en-US')} leads, ${d.kpis.sales.toLocaleString('en-US')} won, ${d.monthlyRevenue.length} months`;
    };
    run('Detailed report, all time', report(''));
    run('Detailed report, this month', report(`?from=${month}`));
    run('Detailed report of one rep, all time', report(`?assignedTo=${rep}`));
    run('Sales performance of one rep', async () => JSON.stringify(await getJson(`/reports/sales-performance/${rep}`)));
    // the super administrator's screens over every company
    const superRes = await fetch(`${base}/super/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'root@bench.test', password: PASSWORD }) });
    const root = ((await superRes.json()) as { data: { token: string } }).data.token;
    const bigCompany = ((await getJson('/auth/me')) as unknown as { tenantId: string }).tenantId;
    run('Super stats (all companies)', async () => JSON.stringify(await getJson('/super/stats', root)));
    run('Super companies list', list('/super/tenants', root));
    run('Super company profile (one of the big companies)', async () => JSON.stringify(((await getJson(`/super/tenants/${bigCompany}`, root)) as unknown as { stats: unknown }).stats));
    run('Super users, page 1', list('/super/users?limit=50', root));
    run('Super users search "owner@shop-99"', list('/super/users?q=owner%40shop-99&limit=50', root));
    // the inventory search (name or SKU, trigram-indexed) and a product's page with its buyers.
    const productList = (query: string) => list(`/products?${query}&limit=50`);
    const someSku = `CAT-${String(Math.max(13, Math.floor(PRODUCTS * 0.7))).padStart(6, '0')}`;
    run(`Products search by SKU "${someSku}"`, productList(`q=${someSku}`));
    run('Products search by part of a SKU "CAT-0012"', productList('q=CAT-0012'));
    run('Products search by name "Honey Giza"', productList(`q=${encodeURIComponent('Honey Giza')}`));
    run('Products search by one word "scarf"', productList('q=scarf'));
    run('Products list, page 1 (no search)', productList('page=1'));
    run('Product page (GET /products/{id})', async () => {
      const d = (await getJson(`/products/${product}`)) as unknown as { name: string; stockQty: number };
      return `${d.name}, stock ${d.stockQty}`;
    });
    run('Product buyers, page 1 (GET /products/{id}/buyers)', list(`/products/${product}/buyers?page=1&limit=20`));
    const buyers = ((await getJson(`/products/${product}/buyers?limit=20`)) as { total: number }).total;
    const middlePage = Math.max(1, Math.ceil(buyers / 20 / 2));
    run(`Product buyers, page ${middlePage} (the middle)`, list(`/products/${product}/buyers?page=${middlePage}&limit=20`));
    console.log(
      `Timing (${RUNS} rounds after ${WARMUP} warm-up calls, scenarios interleaved, sequential, over HTTP; back to back, then ${PACE_MS} ms before each request); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const results: Result[] = await timeBothPaces(scenarios, RUNS);
    printResults(results);
    const exportScenario: Scenario = {
      name: 'Export of 10,000 leads (.xlsx)',
      samples: [],
      note: '',
      call: async () => {
        const res = await fetch(`${base}/contacts/export?stage=lead&from=${exportFrom}`, { headers: { authorization: `Bearer ${admin}` } });
        const size = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`export: ${res.status}`);
        return `${(size / 1024).toFixed(0)} KB xlsx`;
      },
    };
    const reportExport: Scenario = {
      name: 'Report export, all time (.xlsx)',
      samples: [],
      note: '',
      call: async () => {
        const res = await fetch(`${base}/reports/export`, { headers: { authorization: `Bearer ${admin}` } });
        const size = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`report export: ${res.status}`);
        return `${(size / 1024).toFixed(0)} KB xlsx`;
      },
    };
    if (!only) {
      const exports: Result[] = [];
      exports.push(...(await timeInterleaved([exportScenario, reportExport], Math.min(RUNS, 20))));
      exports.push(await whileExporting(exportScenario.call, list('/contacts?stage=lead&page=1&limit=50'), Math.min(RUNS, 10)));
      printResults(exports);
      // a new lead each call; a number the seed happened to take (409) is skipped to the next
      let saved = 0;
      const firstNumber = Date.now() % 50_000_000;
      const save = async () => {
        for (;;) {
          const phone = `+2015${String(firstNumber + ++saved).padStart(8, '0')}`;
          const res = await fetch(`${base}/contacts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Nadia Saved ${saved}`, phone }),
          });
          await res.arrayBuffer();
          if (res.status === 201) return;
          if (res.status !== 409) throw new Error(`create a contact: ${res.status}`);
        }
      };
      printResults(await timeLexiconPruning(app, DATABASE_URL, bigCompany, save));
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== '1' && process.env.BENCH_REUSE !== '1') {
      await dropBenchDatabase(DATABASE_URL);
    }
  }
}

/** The figures, printed as soon as they are taken (an export failing later must not lose them). */
function printResults(results: Result[]) {
  const ms = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(1));
  for (const r of results) {
    const paced = r.paced ? `   paced p50 ${ms(r.paced.p50).padStart(7)} ms   p95 ${ms(r.paced.p95).padStart(7)} ms` : '';
    console.log(`  ${r.name.padEnd(52)} p50 ${ms(r.p50).padStart(7)} ms   p95 ${ms(r.p95).padStart(7)} ms${paced}   ${r.note}`);
  }
  console.log(
    `Load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  console.log(`\n| Call | p50 (ms) | p95 (ms) | p50, ${PACE_MS} ms apart | p95, ${PACE_MS} ms apart | Result |\n|---|---:|---:|---:|---:|---|`);
  for (const r of results) console.log(`| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.paced?.p50)} | ${ms(r.paced?.p95)} | ${r.note} |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
