/**
 * Messenger inbound benchmark: drives the WhatsApp simulator with RATE inbound messages per second
 * across CONTACTS contacts for SECONDS seconds against PostgreSQL, with CLIENTS Socket.IO clients
 * connected (5 admins who receive everything, the rest sales users who receive their contacts').
 * Reports messages stored per second, whether the rate was kept (the backlog left when injection
 * ends), lost and duplicated messages (must be 0), the p95 time from injection to `msg:new` at a
 * client, how busy the main thread was, and the load average (the machine may be shared: compare
 * runs made under the same load). A warm-up (WARMUP seconds at the same rate, default 3: it creates
 * the leads and warms the JIT) comes first and is not counted in the latencies; the traffic is the
 * same every run (fixed contact order and message ids). After the warm-up the database is analysed,
 * as autovacuum would do some time later (messages-shared.ts says why).
 *
 *   npm run bench:messages
 *   BENCH_DATABASE_URL=postgres://… RATE=2000 CONTACTS=5000 SECONDS=30 WARMUP=3 CLIENTS=50 npm run bench:messages
 *
 * Runs the backend in this process (a fresh database, dropped at the end, also on Ctrl-C); the
 * clients run in a worker thread. Traffic stays on 127.0.0.1.
 *
 * Several instances (messages-cluster.ts, each instance a process running messages-instance.ts):
 *
 *   INSTANCES=2 RATE=5000 npm run bench:messages
 *
 *   INSTANCES   backend processes (default 1: the single-instance run above, in this process)
 *   COMPANIES   companies, each with its WhatsApp session (default INSTANCES); company c's session
 *               is started on instance c mod INSTANCES, which owns it by its PostgreSQL lease and
 *               injects its traffic: RATE (the total) / COMPANIES msg/s per company
 *   REDIS_URL   Redis for the Socket.IO adapter and presence (default redis://127.0.0.1:6379)
 *   BENCH_CPU_PROF  a directory: each instance writes its V8 CPU profile there when it stops
 *
 * The instances share the database, Redis and one DATA_DIR, each with its own INSTANCE_ID; the
 * CLIENTS are spread over companies and instances, so events reach most clients through Redis.
 * Reported per instance (stored vs injected msg/s, rate kept, backlog, main thread busy) and in
 * all (lost, duplicated, p95 inbound → msg:new, also split by whether the client sits on the
 * instance that owns its company's session), with the load average. Ctrl-C or an error stops the
 * instances and drops the database; if this process is killed outright, the instances notice,
 * exit, and the first drops the database.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createApp } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { Database } from '../../backend/src/platform/db/database.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { TenantsRepository } from '../../backend/src/modules/tenants/tenants.repository.js';
import { UsersRepository } from '../../backend/src/modules/users/users.repository.js';
import { SimulatorDriver } from '../../backend/src/modules/whatsapp/drivers/simulator.driver.js';
import { WhatsAppSessionsService } from '../../backend/src/modules/whatsapp/whatsapp-sessions.service.js';
import { runCluster } from './messages-cluster.js';
import { DUPLICATE_EVERY, JWT_SECRET, PASSWORD, SIMULATOR_ENV, benchPhones, createBenchDatabase, pct, phoneOfSeq, sleep } from './messages-shared.js';

const env = process.env;
const SERVER = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(env.RATE ?? 2000);
const CONTACTS = Number(env.CONTACTS ?? 5000);
const SECONDS = Number(env.SECONDS ?? 30);
const CLIENTS = Number(env.CLIENTS ?? 50);
const WARMUP = Number(env.WARMUP ?? 3);
const ADMINS = Math.min(5, CLIENTS);
const INSTANCES = Number(env.INSTANCES ?? 1);

const log = (line: string) => console.log(`[bench] ${line}`);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  let appStarted: Awaited<ReturnType<typeof createApp>> | undefined;
  let worker: Worker | undefined;
  const benchDb = await createBenchDatabase(SERVER, async () => {
    await worker?.terminate();
    await Promise.race([appStarted?.close(), sleep(5000)]).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const dbName = benchDb.name;
  const url = new URL(benchDb.url);
  Object.assign(process.env, SIMULATOR_ENV);
  try {
    const config = loadAppConfig({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20', DATA_DIR: dataDir, WHATSAPP_DRIVER: 'simulator', DEMO: '0', LOG_LEVEL: 'warn', PORT: '0', JWT_SECRET });
    const app = (appStarted = await createApp(config));
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    log(`PostgreSQL database ${dbName}; ${RATE} msg/s × ${SECONDS} s across ${CONTACTS} contacts; ${CLIENTS} socket clients (${ADMINS} admins)`);
    const db = app.get(Database);
    const hash = await hashPassword(PASSWORD);
    const { tenantId, people } = await db.platform(async (tx) => {
      const tenant = await app.get(TenantsRepository).insertTenant(tx, { name: 'Bench Co', slug: 'bench' });
      const people: { email: string; role: 'admin' | 'sales' }[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const role = i < ADMINS ? 'admin' : 'sales';
        const email = `${role}${i}@bench.test`;
        await app.get(UsersRepository).insert(tx, { tenantId: tenant.id, name: `${role} ${i}`, email, role, passwordHash: hash });
        people.push({ email, role });
      }
      return { tenantId: tenant.id, people };
    });
    const tokens: { token: string; role: string }[] = [];
    for (const p of people) {
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: PASSWORD }) });
      const body = (await res.json()) as { data: { token: string } };
      tokens.push({ token: body.data.token, role: p.role });
    }

    await app.get(WhatsAppSessionsService).start(tenantId);
    const simulator = app.get(SimulatorDriver);
    for (let i = 0; i < 200 && simulator.stateOf(tenantId) !== 'scan'; i++) await sleep(10);
    simulator.connectNow(tenantId);
    for (let i = 0; i < 200 && (await app.get(WhatsAppSessionsService).status(tenantId)).state !== 'connected'; i++) await sleep(10);

    worker = new Worker(new URL('./socket-clients.worker.mjs', import.meta.url), { workerData: { url: base, tokens } });
    await new Promise<void>((resolve, reject) => {
      worker!.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(String(m.type)))));
      worker!.once('error', reject);
    });
    log('clients connected; injecting…');

    const phones = benchPhones(CONTACTS);
    let pending: Promise<unknown>[] = [];
    let stored = 0;
    let duplicates = 0;
    let errors = 0;
    let lastStoredAt = 0;
    const inject = (seq: number, id: string) => {
      const phone = phoneOfSeq(phones, seq);
      const p = simulator
        .injectInbound(tenantId, { id, from: `${phone}@c.us`, phoneId: `${phone}@c.us`, profileName: `Contact ${phone.slice(-4)}`, body: `bench ${seq} @${Date.now()}`, type: 'text' })
        .then((r) => {
          if ((r as { status: string }).status === 'stored') {
            stored++;
            lastStoredAt = Date.now();
          } else duplicates++;
        })
        .catch(() => errors++);
      pending.push(p);
    };
    /** `count` messages at RATE per second (ids prefix-seq, every 100th delivered twice); resolves when all are injected. */
    const run = async (prefix: string, count: number) => {
      const started = Date.now();
      let injected = 0;
      while (injected < count) {
        const due = Math.min(count, Math.floor(((Date.now() - started) / 1000) * RATE));
        for (; injected < due; injected++) {
          const id = `false_${prefix}_${injected}`;
          inject(injected, id);
          if (injected % DUPLICATE_EVERY === 0) inject(injected, id);
        }
        await sleep(5);
      }
      return started;
    };

    const warmup = Math.round(RATE * WARMUP);
    if (warmup) {
      await run('warmup', warmup);
      await Promise.all(pending);
      pending = [];
      await sleep(1000); // the warm-up's last events reach the clients before they start counting
      await benchDb.analyze();
      await new Promise<void>((resolve) => {
        worker!.once('message', () => resolve());
        worker!.postMessage({ type: 'reset' });
      });
      log(`warm-up: ${warmup} messages stored; measuring…`);
    }
    const storedBefore = stored;
    stored = 0;
    duplicates = 0;
    const total = RATE * SECONDS;
    const loadBefore = loadavg();
    const elu = performance.eventLoopUtilization();
    const started = await run('bench', total);
    const injectEnded = Date.now();
    const backlogAtEnd = total - stored;
    const injectSeconds = (injectEnded - started) / 1000;
    await Promise.all(pending);
    const mainThreadBusy = performance.eventLoopUtilization(elu).utilization;
    const loadAfter = loadavg();
    await sleep(2000);

    const result = await new Promise<{ latencies: Float64Array; received: number; duplicates: number; drops: number; adminUnique: number[]; salesUnique: number }>((resolve) => {
      worker!.once('message', resolve);
      worker!.postMessage({ type: 'finish' });
    });
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const [{ rows, ids }] = (
      await check.query("select count(*)::int as rows, count(distinct wa_message_id)::int as ids from messages where tenant_id = $1 and wa_message_id like 'false_bench_%'", [tenantId])
    ).rows;
    const [{ n: warmRows }] = (await check.query("select count(*)::int as n from messages where tenant_id = $1 and wa_message_id like 'false_warmup_%'", [tenantId])).rows;
    const [{ n: contactRows }] = (await check.query('select count(*)::int as n from contacts where tenant_id = $1', [tenantId])).rows;
    await check.end();

    const latencies = result.latencies.sort();
    const storeSeconds = (lastStoredAt - started) / 1000;
    const lost = total - ids + (warmup - Math.min(warmup, warmRows));
    const duplicated = rows - ids + Math.max(0, warmRows - warmup) + result.duplicates;
    const drainSeconds = Math.max(0, (lastStoredAt - injectEnded) / 1000);
    // kept: what arrived was stored as it arrived (at most half a second behind when injection ended)
    const rateKept = backlogAtEnd <= RATE / 2;
    const report = {
      warmupMessages: warmup,
      warmupStored: storedBefore,
      injected: total,
      redelivered: Math.ceil(total / DUPLICATE_EVERY),
      injectSeconds: +injectSeconds.toFixed(1),
      storedRows: rows,
      storedPerSecond: Math.round(rows / storeSeconds),
      rateKept,
      backlogAtEnd,
      drainSeconds: +drainSeconds.toFixed(1),
      mainThreadBusy: +mainThreadBusy.toFixed(2),
      loadAverage: { before: loadBefore.map((x) => +x.toFixed(2)), after: loadAfter.map((x) => +x.toFixed(2)) },
      lost,
      duplicated,
      dedupedRedeliveries: duplicates,
      errors,
      contacts: contactRows,
      socketEvents: result.received,
      clientDrops: result.drops,
      adminsReceivedAll: result.adminUnique.every((n) => n === total),
      salesReceived: result.salesUnique,
      latencyMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), max: latencies.at(-1) },
    };
    console.log(JSON.stringify(report, null, 2));
    log(
      `stored ${rows}/${total} (${report.storedPerSecond} msg/s of ${RATE} injected: rate ${rateKept ? 'KEPT' : `NOT kept, backlog ${backlogAtEnd} at the end`}), lost ${lost}, duplicated ${duplicated}${result.drops ? `, clients dropped and reconnected ${result.drops} times` : ''}, inbound→msg:new p95 ${report.latencyMs.p95} ms (p50 ${report.latencyMs.p50}, p99 ${report.latencyMs.p99}); main thread ${Math.round(mainThreadBusy * 100)} % busy; load average ${loadBefore[0].toFixed(2)} → ${loadAfter[0].toFixed(2)}`,
    );
    if (lost !== 0 || duplicated !== 0 || errors !== 0) process.exitCode = 1;
  } finally {
    await worker?.terminate();
    await appStarted?.close();
    await benchDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench =
  INSTANCES > 1
    ? () =>
        runCluster({
          server: SERVER,
          redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          instances: INSTANCES,
          companies: Number(env.COMPANIES ?? INSTANCES),
          rate: RATE,
          contacts: CONTACTS,
          seconds: SECONDS,
          clients: CLIENTS,
          warmup: WARMUP,
          admins: ADMINS,
        })
    : main;
bench().catch((err) => {
  console.error(err);
  process.exit(1);
});
