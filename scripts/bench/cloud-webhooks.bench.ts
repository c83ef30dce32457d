/**
 * Official WhatsApp Cloud API benchmark, on PostgreSQL:
 *
 * 1. Inbound webhooks: a worker thread plays Meta and POSTs signed `messages` webhooks (one
 *    message each, every 100th delivered twice) over at most CONNECTIONS kept-alive connections (a
 *    delivery waits for a free one, and that wait counts in its answer time; fetch's default opened
 *    one per delivery in flight, thousands, and measured the kernel's dropped connection attempts
 *    more than the server) at RATE per second for SECONDS seconds to one
 *    company's webhook URL, across CONTACTS senders, while CLIENTS Socket.IO clients are connected
 *    (5 admins, the rest sales users). Reported: deliveries answered 200 and how fast, messages
 *    stored (lost and duplicated must be 0), p50/p95/p99 from Meta's POST to `msg:new` at a
 *    client, how busy the main thread was, the load average.
 * 2. Memory per connected company: COMPANIES more companies save their Cloud API settings and
 *    connect (the Graph API answers their test call); the heap and RSS before and after, per
 *    company. A QR session costs a Chromium each (~300 MB); this is what a Cloud company costs.
 *
 *   npm run bench:cloud-webhooks
 *   BENCH_DATABASE_URL=postgres://… RATE=2000 SECONDS=20 WARMUP=3 CONTACTS=5000 CLIENTS=50 COMPANIES=100 CONNECTIONS=256 npm run bench:cloud-webhooks
 *
 * The Graph API is the tests' fake one (a real HTTP server on 127.0.0.1); the backend runs in this
 * process on a fresh database, dropped at the end (also on Ctrl-C).
 */
import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createApp, listen } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { Database } from '../../backend/src/platform/db/database.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { TenantsRepository } from '../../backend/src/modules/tenants/tenants.repository.js';
import { UsersRepository } from '../../backend/src/modules/users/users.repository.js';
import { FakeGraphApi } from '../../backend/test/fake-graph-api.js';
import { JWT_SECRET, PASSWORD, benchPhones, createBenchDatabase, pct, sleep } from './messages-shared.js';

const env = process.env;
const SERVER = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(env.RATE ?? 2000);
const SECONDS = Number(env.SECONDS ?? 20);
const WARMUP = Number(env.WARMUP ?? 3);
const CONTACTS = Number(env.CONTACTS ?? 5000);
const CLIENTS = Number(env.CLIENTS ?? 50);
const COMPANIES = Number(env.COMPANIES ?? 100);
const CONNECTIONS = Number(env.CONNECTIONS ?? 256);
const ADMINS = Math.min(5, CLIENTS);
const APP_SECRET = 'bench-app-secret-0123456789abcdef';
const MB = 1024 * 1024;

const log = (line: string) => console.log(`[bench] ${line}`);
const numberOf = (c: number) => String(100_000_000_000_000 + c);

/**
 * CPU milliseconds the main thread has used (Linux: its /proc stat, in 10 ms ticks), unlike the
 * event loop's busy time not inflated by a loaded machine taking the core away; undefined elsewhere.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

type SenderResult = { posted: number; answered200: number; refused: number; errors: number; firstError?: string; firstRefusal?: number; answerMs: number[]; started: number; ended: number };

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  const graph = await new FakeGraphApi().start();
  let appStarted: Awaited<ReturnType<typeof createApp>> | undefined;
  const workers: Worker[] = [];
  const benchDb = await createBenchDatabase(SERVER, async () => {
    await Promise.all(workers.map((w) => w.terminate()));
    await Promise.race([appStarted?.close(), sleep(5000)]).catch(() => undefined);
    await graph.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    const config = loadAppConfig({
      DATABASE_URL: benchDb.url,
      DATABASE_POOL_SIZE: '20',
      DATA_DIR: dataDir,
      WHATSAPP_DRIVER: 'simulator',
      WHATSAPP_CLOUD_API_URL: graph.url,
      WHATSAPP_WATCHDOG_SECONDS: '0',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      PORT: '0',
      JWT_SECRET,
    });
    const app = (appStarted = await createApp(config));
    await listen(app, 0, '127.0.0.1');
    const address = app.getHttpServer().address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    log(`PostgreSQL database ${benchDb.name}; ${RATE} webhooks/s × ${SECONDS} s from ${CONTACTS} senders; ${CLIENTS} socket clients; then ${COMPANIES} more Cloud API companies`);

    // company 0 takes the traffic; companies 1..COMPANIES are connected for the memory figure
    const hash = await hashPassword(PASSWORD);
    const { tenantIds, people } = await app.get(Database).platform(async (tx) => {
      const tenantIds: string[] = [];
      for (let c = 0; c <= COMPANIES; c++) tenantIds.push((await app.get(TenantsRepository).insertTenant(tx, { name: `Cloud Co ${c}`, slug: `cloud${c}` })).id);
      const people: { email: string; role: 'admin' | 'sales'; company: number }[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const role = i < ADMINS ? 'admin' : 'sales';
        people.push({ email: `${role}${i}@bench.test`, role, company: 0 });
      }
      for (let c = 1; c <= COMPANIES; c++) people.push({ email: `admin@cloud${c}.test`, role: 'admin', company: c });
      for (const p of people) await app.get(UsersRepository).insert(tx, { tenantId: tenantIds[p.company], name: p.email, email: p.email, role: p.role, passwordHash: hash });
      return { tenantIds, people };
    });
    const tokens: { token: string; role: string; company: number }[] = [];
    for (const p of people) {
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: PASSWORD }) });
      tokens.push({ token: ((await res.json()) as { data: { token: string } }).data.token, role: p.role, company: p.company });
    }
    const connect = async (company: number, token: string) => {
      const number = graph.addNumber(numberOf(company));
      const res = await fetch(`${base}/api/whatsapp/cloud`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ phoneNumberId: numberOf(company), businessAccountId: '102290129340398', accessToken: number.token, appSecret: APP_SECRET, verifyToken: 'bench-verify' }),
      });
      if (res.status !== 200) throw new Error(`company ${company}: PUT /api/whatsapp/cloud answered ${res.status} ${await res.text()}`);
    };
    const connected = async (token: string) => {
      for (let i = 0; i < 500; i++) {
        const res = await fetch(`${base}/api/whatsapp/status`, { headers: { authorization: `Bearer ${token}` } });
        if (((await res.json()) as { data: { state: string } }).data.state === 'connected') return;
        await sleep(20);
      }
      throw new Error('a Cloud API company did not connect');
    };
    const admin0 = tokens[0].token;
    await connect(0, admin0);
    await connected(admin0);

    const clients = new Worker(new URL('./socket-clients.worker.mjs', import.meta.url), { workerData: { url: base, tokens: tokens.filter((t) => t.company === 0) } });
    workers.push(clients);
    await new Promise<void>((resolve, reject) => {
      clients.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(String(m.type)))));
      clients.once('error', reject);
    });
    const sender = new Worker(new URL('./webhook-sender.worker.mjs', import.meta.url), {
      workerData: { url: `${base}/api/webhooks/whatsapp/${numberOf(0)}`, phoneNumberId: numberOf(0), appSecret: APP_SECRET, phones: benchPhones(CONTACTS), connections: CONNECTIONS },
    });
    workers.push(sender);
    await new Promise<void>((resolve, reject) => {
      sender.once('message', () => resolve());
      sender.once('error', reject);
    });
    const send = (prefix: string, count: number) =>
      new Promise<SenderResult>((resolve) => {
        sender.once('message', resolve);
        sender.postMessage({ prefix, count, rate: RATE });
      });
    const storedCount = async (prefix: string) => {
      const client = new pg.Client({ connectionString: benchDb.url });
      await client.connect();
      try {
        const [row] = (
          await client.query('select count(*)::int as rows, count(distinct wa_message_id)::int as ids from messages where tenant_id = $1 and wa_message_id like $2', [
            tenantIds[0],
            `wamid.${prefix}.%`,
          ])
        ).rows as { rows: number; ids: number }[];
        return row;
      } finally {
        await client.end();
      }
    };
    const drained = async (prefix: string, count: number) => {
      for (let i = 0; i < 600; i++) {
        if ((await storedCount(prefix)).ids >= count) return;
        await sleep(100);
      }
    };

    log('clients connected; warming up…');
    const warm = Math.round(RATE * WARMUP);
    if (warm) {
      await send('warmup', warm);
      await drained('warmup', warm);
      await sleep(1000);
      await benchDb.analyze();
      await new Promise<void>((resolve) => {
        clients.once('message', () => resolve());
        clients.postMessage({ type: 'reset' });
      });
    }
    log('measuring…');
    const total = RATE * SECONDS;
    const loadBefore = loadavg();
    const elu = performance.eventLoopUtilization();
    const cpuBefore = mainThreadCpuMs();
    const sent = await send('bench', total);
    await drained('bench', total);
    const drainedAt = Date.now();
    const mainThreadUse = performance.eventLoopUtilization(elu);
    const cpuAfter = mainThreadCpuMs();
    const mainThreadBusy = mainThreadUse.utilization;
    const loadAfter = loadavg();
    await sleep(2000);
    const received = await new Promise<{ latencies: Float64Array; received: number; duplicates: number; drops: number; adminUnique: number[] }>((resolve) => {
      clients.once('message', resolve);
      clients.postMessage({ type: 'finish' });
    });
    const { rows, ids } = await storedCount('bench');
    const latencies = received.latencies.sort();
    const answers = Float64Array.from(sent.answerMs).sort();

    // memory per connected company: measured after a full collection when node runs with --expose-gc
    const collect = () => (globalThis as { gc?: () => void }).gc?.();
    collect();
    await sleep(500);
    const before = process.memoryUsage();
    for (let c = 1; c <= COMPANIES; c++) await connect(c, tokens.find((t) => t.company === c)!.token);
    for (let c = 1; c <= COMPANIES; c++) await connected(tokens.find((t) => t.company === c)!.token);
    collect();
    await sleep(500);
    const after = process.memoryUsage();

    const report = {
      rate: RATE,
      seconds: SECONDS,
      posted: sent.posted,
      answered200: sent.answered200,
      refused: sent.refused,
      errors: sent.errors,
      firstError: sent.firstError ?? sent.firstRefusal,
      sendSeconds: +((sent.ended - sent.started) / 1000).toFixed(1),
      drainSeconds: +((drainedAt - sent.ended) / 1000).toFixed(1),
      storedPerSecond: Math.round(ids / ((drainedAt - sent.started) / 1000)),
      lost: total - ids,
      duplicated: rows - ids + received.duplicates,
      webhookAnswerMs: { p50: +pct(answers, 50).toFixed(1), p95: +pct(answers, 95).toFixed(1), p99: +pct(answers, 99).toFixed(1) },
      webhookToMsgNewMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), max: latencies.at(-1) },
      adminsReceivedAll: received.adminUnique.every((n) => n === total),
      clientDrops: received.drops,
      mainThreadBusy: +mainThreadBusy.toFixed(2),
      // the main thread's busy time per delivery, from storing to msg:new: what caps one instance's rate
      mainThreadMsPerDelivery: +(mainThreadUse.active / total).toFixed(3),
      mainThreadCpuMsPerDelivery: cpuBefore === undefined || cpuAfter === undefined ? undefined : +((cpuAfter - cpuBefore) / total).toFixed(3),
      loadAverage: { before: loadBefore.map((x) => +x.toFixed(2)), after: loadAfter.map((x) => +x.toFixed(2)) },
      memoryPerCompany: {
        companies: COMPANIES,
        gcForced: typeof (globalThis as { gc?: unknown }).gc === 'function',
        heapMB: +((after.heapUsed - before.heapUsed) / MB / COMPANIES).toFixed(3),
        rssMB: +((after.rss - before.rss) / MB / COMPANIES).toFixed(3),
      },
    };
    console.log(JSON.stringify(report, null, 2));
    log(
      `${ids}/${total} stored (lost ${report.lost}, duplicated ${report.duplicated}), webhook answered p95 ${report.webhookAnswerMs.p95} ms, Meta's POST → msg:new p50 ${report.webhookToMsgNewMs.p50} / p95 ${report.webhookToMsgNewMs.p95} ms; main thread ${Math.round(mainThreadBusy * 100)} % busy (${report.mainThreadMsPerDelivery} ms per delivery, ${report.mainThreadCpuMsPerDelivery} ms of CPU); load ${loadBefore[0].toFixed(2)} → ${loadAfter[0].toFixed(2)}; ${COMPANIES} more Cloud companies: ${report.memoryPerCompany.heapMB} MB heap / ${report.memoryPerCompany.rssMB} MB RSS each`,
    );
    if (report.lost !== 0 || report.duplicated !== 0 || sent.errors !== 0 || sent.refused !== 0) process.exitCode = 1;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await appStarted?.close();
    await graph.stop();
    await benchDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
