/**
 * npm run bench:campaigns — starting a campaign to 50,000 recipients, on PostgreSQL.
 *
 * Creates a fresh database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crm_campaigns_bench;
 * its name must contain "bench" because it is dropped first), starts the real backend on it
 * (migrations included, the campaign sender idle: no WhatsApp is connected), seeds one company with
 * BENCH_CONTACTS leads (a few share a number written differently, a few opted out), then times
 * over HTTP, BENCH_RUNS times: POST /campaigns/:id/start of a draft whose audience is every lead
 * (the recipients materialised by one INSERT … SELECT), and the leads list while those campaigns
 * exist. Then it connects the company's (simulated) WhatsApp at the fastest pace Settings → Sending
 * allows (one message a second, no daily limit reached, no warm-up, every hour a sending hour), so
 * the campaign sender really sends (claims, hands over, records acks, pushes progress), and times
 * the leads list for BENCH_SENDING_SECONDS while it does. Prints p50/p95 in milliseconds, the
 * messages sent meanwhile and the load average.
 *
 * Env: BENCH_CONTACTS (default 50000), BENCH_RUNS (default 10), BENCH_SENDING_SECONDS (default 60),
 * BENCH_KEEP=1 keeps the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { createApp } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { dropBenchDatabase, freshBenchDatabase, withClient } from './bench-database.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_campaigns_bench';
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const SENDING_SECONDS = Number(process.env.BENCH_SENDING_SECONDS ?? 60);
/** How often the leads list is asked while the campaign sends: a busy office of a few people. */
const LIST_EVERY_MS = 200;
const PASSWORD = 'Bench-pass-123';

async function seed(c: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  await c.query(`
    create or replace function pg_temp.uuid7(ts timestamptz) returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ts) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $$;`);
  const tenantId = (await c.query(`insert into tenants (id, name, slug) values (pg_temp.uuid7(now()), 'Campaign Co', 'campaign-co') returning id`)).rows[0].id as string;
  await c.query('insert into tenant_settings (tenant_id) values ($1)', [tenantId]);
  await c.query(`insert into users (id, tenant_id, name, email, password_hash, role) values (pg_temp.uuid7(now()), $1, 'Admin', 'admin@campaign.test', $2, 'admin')`, [tenantId, hash]);
  // 1 in 500 opted out; 1 in 1,000 the same number as its (not opted-out) neighbour written with a space
  await c.query(
    `insert into contacts (id, tenant_id, name, phone, stage, source, opted_out_at, created_at, updated_at)
     select pg_temp.uuid7(now()), $1, 'Lead ' || i,
            case when i % 1000 = 7 then '+20 10' || lpad((i - 1)::text, 8, '0') else '+2010' || lpad(i::text, 8, '0') end,
            'lead', 'manual', case when i % 500 = 0 then now() end, now() - (i || ' seconds')::interval, now()
     from generate_series(1, $2::int) i`,
    [tenantId, CONTACTS],
  );
  await c.query('vacuum analyze');
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const figures = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms`;
};

async function main() {
  console.log(`Database: ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}; ${CONTACTS.toLocaleString('en-US')} leads, ${RUNS} campaigns`);
  await freshBenchDatabase(DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  const config = loadAppConfig({
    DATABASE_URL,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DEMO: '0',
    WHATSAPP_DRIVER: 'simulator',
    LOG_LEVEL: 'warn',
    PORT: '0',
    // the company's own pace (Settings → Sending) is the only brake on the campaign, as in production with its defaults
    WHATSAPP_AUTOMATED_MIN_INTERVAL_MS: '0',
    WHATSAPP_AUTOMATED_JITTER_MS: '0',
    WHATSAPP_SIM_AUTO_CONNECT_MS: '0',
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  try {
    await withClient(DATABASE_URL, seed);
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campaign.test', password: PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { data: any };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const starts: number[] = [];
    const lists: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const draft = await call('POST', '/campaigns', { name: `Run ${i}`, audience: { stage: 'lead' }, message: 'Hi {name}' });
      const t0 = performance.now();
      const started = await call('POST', `/campaigns/${draft._id}/start`);
      starts.push(performance.now() - t0);
      if (i === 0) console.log(`  recipients: ${started.counts.total} (${started.counts.pending} to send, ${started.counts.skipped} skipped: opted out or duplicate numbers)`);
      for (let j = 0; j < 5; j++) {
        const l0 = performance.now();
        await call('GET', '/contacts?stage=lead&limit=20');
        lists.push(performance.now() - l0);
      }
    }
    console.log(`Start a campaign to ${CONTACTS.toLocaleString('en-US')} (materialise recipients): ${figures(starts)}`);
    console.log(`Leads list (page 1) with ${RUNS} campaigns running: ${figures(lists)}`);
    await whileSending(call, RUNS);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== '1') await dropBenchDatabase(DATABASE_URL);
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/** Page 1 of the leads list, every LIST_EVERY_MS for `seconds`: each call's time. */
async function listFor(call: Call, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const l0 = performance.now();
    await call('GET', '/contacts?stage=lead&limit=20');
    const took = performance.now() - l0;
    samples.push(took);
    await new Promise((r) => setTimeout(r, Math.max(0, LIST_EVERY_MS - took)));
  }
  return samples;
}

/** The leads list while the campaign sender sends for real: the company's WhatsApp (the simulator) connected. */
async function whileSending(call: Call, campaigns: number) {
  const settings = await call('GET', '/settings/sending');
  const { today: _today, ...current } = settings;
  await call('PUT', '/settings/sending', {
    ...current,
    dailyCap: 10_000,
    minIntervalSeconds: 1,
    maxIntervalSeconds: 1,
    sendingHours: { from: '00:00', to: '00:00' },
    warmUp: { ...current.warmUp, enabled: false },
  });
  const sentSoFar = async () => {
    const page = await call('GET', '/campaigns?limit=100');
    return (page.items as { counts: { total: number; pending: number; skipped: number } }[]).reduce((n, c) => n + c.counts.total - c.counts.pending - c.counts.skipped, 0);
  };
  // the same cadence with nothing sending first: on a shared machine the difference says more than either figure
  console.log(`  load average before the idle baseline: ${load()}`);
  const idle = await listFor(call, Math.min(SENDING_SECONDS, 30));
  console.log(`Leads list (page 1), WhatsApp not connected, nothing sending (${idle.length} lists): ${figures(idle)}`);
  const before = await sentSoFar();
  await call('POST', '/whatsapp/start');
  await call('POST', '/dev/whatsapp/connect-now');
  for (let i = 0; ; i++) {
    if ((await call('GET', '/whatsapp/status')).state === 'connected') break;
    if (i > 200) throw new Error('WhatsApp (simulator) did not connect');
    await new Promise((r) => setTimeout(r, 50));
  }
  // connecting passes through the QR state, which pauses running campaigns (WhatsApp down): resume them as a person would
  for (const c of (await call('GET', '/campaigns?limit=100')).items as { _id: string; status: string }[]) {
    if (c.status === 'paused') await call('POST', `/campaigns/${c._id}/resume`);
  }
  // the sender's first ticks: past the start-up, into its steady pace
  await new Promise((r) => setTimeout(r, 3_000));
  console.log(`  load average before sending: ${load()}`);
  const samples = await listFor(call, SENDING_SECONDS);
  const sent = (await sentSoFar()) - before;
  console.log(`  load average after sending: ${load()}`);
  console.log(`Leads list (page 1) while ${campaigns} campaigns to ${CONTACTS.toLocaleString('en-US')} send (${sent} messages in ${SENDING_SECONDS} s, ${samples.length} lists): ${figures(samples)}`);
  if (sent === 0) throw new Error('The campaign sender sent nothing: the figure would not be "while it sends".');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
