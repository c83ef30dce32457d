/**
 * npm run bench:request-overhead — what a list call costs beyond its SQL, on PostgreSQL.
 *
 * Creates a fresh database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crm_bench_overhead;
 * its name must contain "bench" because it is dropped first), starts the real backend on it in this
 * process, seeds a small company, then has a client in a worker thread (its own event loop) ask for
 * the leads list, page 1, one request at a time over a kept-alive connection. Each request is timed
 * by the client (written → last byte) and inside the server: its SQL, the time it had a query of its
 * own in flight (statement-timing.ts), and its whole stay (arrival → answer handed to the socket).
 * Prints p50/p95 of each and of the difference per request, the overhead outside PostgreSQL.
 *
 * Env: BENCH_RUNS (timed requests, default 500, after BENCH_WARMUP = 100), BENCH_PATH (the call,
 * default the leads list page 1), BENCH_PACE_MS (a pause before each request, default 0),
 * BENCH_CONTACTS (default 2000), BENCH_KEEP=1 keeps the database, LOG_LEVEL (default info, as
 * deployed: the access log is part of the cost), BENCH_CPU_PROF=<file> writes a V8 CPU profile of
 * the server's thread during the timed requests only.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { Session } from 'node:inspector/promises';
import type pg from 'pg';
import { createApp, listen } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { timeStatements, type ServedRequest } from './statement-timing.js';
import { dropBenchDatabase, freshBenchDatabase, withClient } from './bench-database.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_bench_overhead';
const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
const PATH = process.env.BENCH_PATH ?? '/contacts?stage=lead&page=1&limit=50';
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 0);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2_000);
const PASSWORD = 'Bench-pass-123';

/** The figures go to stderr: stdout carries the server's access log, as in production (`> /dev/null` hides it). */
const say = (line: string) => process.stderr.write(`${line}\n`);

type ClientResult = { id: string; ms: number; status: number; size: number };

/** One company: an admin, a sales user, 12 products, 5 labels, CONTACTS contacts (60 % leads, a label on every third, deals with 1–3 lines). */
async function seed(c: pg.Client): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const tenantId = (await c.query(`insert into tenants (id, name, slug) values (gen_random_uuid(), 'Overhead Bench', 'overhead-bench') returning id`)).rows[0].id;
  await c.query('insert into tenant_settings (tenant_id) values ($1)', [tenantId]);
  await c.query(`insert into users (id, tenant_id, name, email, password_hash, role) values (gen_random_uuid(), $1, 'Admin', 'admin@overhead.test', $2, 'admin')`, [tenantId, hash]);
  const sales = (
    await c.query(`insert into users (id, tenant_id, name, email, password_hash, role) values (gen_random_uuid(), $1, 'Sales', 'sales@overhead.test', $2, 'sales') returning id`, [tenantId, hash])
  ).rows[0].id;
  await c.query(`insert into products (id, tenant_id, name, sku, price, stock_qty) select gen_random_uuid(), $1, 'Product ' || i, 'SKU-' || i, 100 + i * 75, 50 from generate_series(1, 12) i`, [
    tenantId,
  ]);
  await c.query(`insert into labels (id, tenant_id, name, colour) select gen_random_uuid(), $1, n, '#3366ff' from unnest(array['VIP','Wholesale','Cairo','Call back','New']) n`, [tenantId]);
  await c.query(
    `insert into contacts (id, tenant_id, name, phone, email, stage, assigned_to, source, pipeline_status, deal_amount, created_at, updated_at)
     select gen_random_uuid(), $1, 'Contact ' || i, '+2010' || lpad(i::text, 8, '0'), case when i % 3 = 0 then 'contact' || i || '@mail.test' end,
            case when i % 10 < 6 then 'lead' when i % 10 < 8 then 'customer' else 'sales' end,
            case when i % 2 = 0 then $3::uuid end, 'manual',
            case when i % 10 >= 8 then 'new' end, case when i % 10 >= 8 then 500 + i end,
            now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
     from generate_series(1, $2::int) i`,
    [tenantId, CONTACTS, sales],
  );
  await c.query(
    `insert into contact_labels (tenant_id, contact_id, label_id)
     select c.tenant_id, c.id, l.id from contacts c join lateral (select id from labels l where l.tenant_id = c.tenant_id order by l.name limit 1 offset abs(hashtext(c.id::text)) % 5) l on true
     where c.tenant_id = $1 and abs(hashtext(c.phone)) % 3 = 0`,
    [tenantId],
  );
  await c.query(
    `insert into contact_deal_products (id, tenant_id, contact_id, product_id, qty, price, position)
     select gen_random_uuid(), c.tenant_id, c.id, p.id, 1, p.price, g from contacts c
     cross join lateral generate_series(0, abs(hashtext(c.phone)) % 3) g
     join lateral (select id, price from products p where p.tenant_id = c.tenant_id order by p.sku limit 1 offset g) p on true
     where c.tenant_id = $1 and c.stage = 'sales'`,
    [tenantId],
  );
  await c.query('vacuum analyze');
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function ask(client: Worker, prefix: string, count: number): Promise<ClientResult[]> {
  return new Promise((resolve, reject) => {
    client.once('message', (m: { results?: ClientResult[]; error?: string }) => (m.results ? resolve(m.results) : reject(new Error(m.error))));
    client.postMessage({ prefix, count, pauseMs: PACE_MS });
  });
}

function report(results: ClientResult[], served: Map<string, ServedRequest>): void {
  const rows = results.map((r) => ({ client: r, server: served.get(r.id) }));
  const missing = rows.filter((r) => !r.server).length;
  if (missing) throw new Error(`${missing} requests were not seen by the server's timing`);
  const col = (name: string, values: number[]) => say(`  ${name.padEnd(58)} p50 ${percentile(values, 0.5).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 0.95).toFixed(2).padStart(7)} ms`);
  const sql = rows.map((r) => r.server!.sqlMs);
  col(
    'HTTP call, as the client saw it',
    rows.map((r) => r.client.ms),
  );
  col(
    'in the server (arrival → answer written)',
    rows.map((r) => r.server!.serverMs),
  );
  col('its SQL (a query of its own in flight)', sql);
  col(
    'overhead: HTTP call − its SQL',
    rows.map((r) => r.client.ms - r.server!.sqlMs),
  );
  col(
    'overhead inside the server: in the server − its SQL',
    rows.map((r) => r.server!.serverMs - r.server!.sqlMs),
  );
  col(
    '  of which before its first query (HTTP, guard, pipes)',
    rows.map((r) => r.server!.beforeMs),
  );
  col(
    '  of which between its round trips',
    rows.map((r) => r.server!.betweenMs),
  );
  col(
    '  of which after its last answer (mapping, JSON, write)',
    rows.map((r) => r.server!.afterMs),
  );
  const trips = rows.map((r) => r.server!.roundTrips);
  const statements = rows.map((r) => r.server!.statements);
  say(
    `  round trips per request p50 ${percentile(trips, 0.5)} (max ${Math.max(...trips)}); statements p50 ${percentile(statements, 0.5)}; answer ${rows[0].client.size} bytes, status ${rows[0].client.status}`,
  );
}

/**
 * The CPU time the server's thread (this process's main thread, not the client's) has used, in ms,
 * from Linux's /proc (clock ticks of 10 ms: meaningful over many requests); undefined elsewhere.
 */
function serverThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, the 14th and 15th fields of the line (11th and 12th after the name)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** BENCH_CPU_PROF: profiles this thread (the server's) until the returned function writes the profile. */
async function startProfiler(): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.BENCH_CPU_PROF;
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    say(`  CPU profile of the timed requests: ${file}`);
  };
}

async function main() {
  say(`Database: ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}; ${CONTACTS.toLocaleString('en-US')} contacts; GET /api${PATH}`);
  await freshBenchDatabase(DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-overhead-'));
  const config = loadAppConfig({
    DATABASE_URL,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DEMO: '0',
    WHATSAPP_DRIVER: 'simulator',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    PORT: '0',
  });
  const app = await createApp(config); // migrates the fresh database
  const server: Server = await listen(app, 0, '127.0.0.1');
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  let client: Worker | undefined;
  let timing: ReturnType<typeof timeStatements> | undefined;
  try {
    await withClient(DATABASE_URL, seed);
    const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@overhead.test', password: PASSWORD }) });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    // the server thread's CPU time per window of 100 requests: the quietest windows are the least
    // disturbed by whatever else the machine runs
    const windows: number[] = [];
    let windowStart: number | undefined;
    timing = timeStatements(server, (count) => {
      if (count <= WARMUP || count % 100 !== 0) return;
      const cpu = serverThreadCpuMs();
      if (cpu !== undefined && windowStart !== undefined) windows.push((cpu - windowStart) / 100);
      windowStart = cpu;
    });
    client = new Worker(new URL('./http-client.worker.mjs', import.meta.url), { workerData: { url: `${base}${PATH}`, token } });
    await ask(client, 'warmup', WARMUP);
    say(`Timing ${RUNS} requests after ${WARMUP} warm-up ones, one at a time${PACE_MS ? `, ${PACE_MS} ms apart` : ''}; load average ${load()}`);
    const profiler = await startProfiler();
    const cpuBefore = serverThreadCpuMs();
    const results = await ask(client, 'timed', RUNS);
    const cpuAfter = serverThreadCpuMs();
    await profiler?.();
    report(results, timing.served);
    if (cpuBefore !== undefined && cpuAfter !== undefined)
      say(
        `  CPU time of the server's thread: ${(((cpuAfter - cpuBefore) / RUNS) * 1000).toFixed(0)} µs per request; by 100 requests, the quietest quarter ${(percentile(windows, 0.25) * 1000).toFixed(0)} µs, the median ${(percentile(windows, 0.5) * 1000).toFixed(0)} µs`,
      );
    say(`Load average after: ${load()}`);
  } finally {
    await client?.terminate();
    timing?.stop();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== '1') await dropBenchDatabase(DATABASE_URL);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
