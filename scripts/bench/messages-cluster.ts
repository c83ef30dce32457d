/**
 * `INSTANCES=2 npm run bench:messages` (see messages.bench.ts for the settings): INSTANCES backend
 * instances as separate processes (messages-instance.ts) on one fresh PostgreSQL database, Redis
 * (Socket.IO adapter and presence) and DATA_DIR, with distinct INSTANCE_IDs. COMPANIES companies
 * (default INSTANCES), company c's session started on instance c mod INSTANCES, which owns it by
 * its lease; each instance injects RATE / COMPANIES msg/s into each session it owns; the clients
 * (this process, a worker thread) are spread over companies and instances, so most events cross
 * instances through Redis. Reports per instance and overall, latencies also split by whether the
 * client sits on the instance that owns its company's session.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { PASSWORD, SIMULATOR_ENV, createBenchDatabase, pct, sleep, type InjectResult, type InstanceCommand, type InstanceReady, type InstanceReply, type SeedResult } from './messages-shared.js';

export type ClusterSettings = {
  server: string;
  redisUrl: string;
  instances: number;
  companies: number;
  rate: number;
  contacts: number;
  seconds: number;
  clients: number;
  warmup: number;
  admins: number;
};

type Distributive<T> = T extends unknown ? Omit<T, 'id'> : never;
type Command = Distributive<InstanceCommand>;

/** One forked instance and the commands it has not answered yet. */
class Instance {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly exited: Promise<void>;
  port = 0;

  constructor(
    readonly index: number,
    readonly child: ChildProcess,
  ) {
    child.on('message', (m: InstanceReply | InstanceReady) => {
      if ('ready' in m) return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m.result);
      else w?.reject(new Error(`instance ${index}: ${m.error}`));
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        for (const w of this.waiting.values()) w.reject(new Error(`instance ${index} exited (${signal ?? code})`));
        this.waiting.clear();
        resolve();
      }),
    );
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.child.on('message', (m: InstanceReply | InstanceReady) => {
        if ('ready' in m) {
          this.port = m.port;
          resolve();
        }
      });
      this.child.once('exit', (code, signal) => reject(new Error(`instance ${this.index} exited while starting (${signal ?? code})`)));
    });
  }

  ask<T>(command: Command): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ ...command, id });
    });
  }

  /** Closes the app (it hands its leases over); killed if it takes longer than 10 s. */
  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (this.child.connected) void this.ask({ cmd: 'stop' }).catch(() => undefined);
    else this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

const log = (line: string) => console.log(`[bench] ${line}`);
const percentiles = (l: Float64Array | undefined) => {
  const s = (l ?? new Float64Array()).sort();
  return { p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1) ?? NaN, events: s.length };
};

export async function runCluster(s: ClusterSettings) {
  const instances: Instance[] = [];
  let worker: Worker | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  const stopAll = async () => {
    await worker?.terminate();
    await Promise.all(instances.map((i) => i.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const db = await createBenchDatabase(s.server, stopAll);
  try {
    const launch = (index: number) => {
      const child = fork(new URL('./messages-instance.ts', import.meta.url), [], {
        env: {
          ...process.env,
          ...SIMULATOR_ENV,
          DATABASE_URL: db.url,
          DATA_DIR: dataDir,
          REDIS_URL: s.redisUrl,
          INSTANCE_ID: `bench-${index}`,
          ...(index === 0 ? { BENCH_DROP_WHEN_ORPHANED: s.server } : {}),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        // BENCH_CPU_PROF=<dir>: each instance writes a V8 CPU profile there when it stops (where its time goes)
        execArgv: [...process.execArgv, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      });
      const instance = new Instance(index, child);
      instances.push(instance);
      return instance.ready();
    };
    // the first migrates the database; the others start on a migrated one
    await launch(0);
    await Promise.all(Array.from({ length: s.instances - 1 }, (_, i) => launch(i + 1)));
    log(
      `PostgreSQL database ${db.name}, Redis ${s.redisUrl}; ${s.instances} instances, ${s.companies} companies; ${s.rate} msg/s in all × ${s.seconds} s across ${s.contacts} contacts; ${s.clients} socket clients (${s.admins} admins)`,
    );

    const { tenantIds, people } = await instances[0].ask<SeedResult>({ cmd: 'seed', companies: s.companies, clients: s.clients, admins: s.admins });
    const ownerOf = (company: number) => company % s.instances;
    const owned = instances.map((_, i) => tenantIds.filter((_, c) => ownerOf(c) === i));
    for (let c = 0; c < s.companies; c++) await instances[ownerOf(c)].ask({ cmd: 'start', tenantId: tenantIds[c] });

    // client i: company i mod companies, on instance ⌊i / companies⌋ mod instances, so each company's clients sit on every instance
    const tokens: { token: string; role: string; url: string; group: 'owner' | 'other'; company: number }[] = [];
    for (const [i, p] of people.entries()) {
      const instance = instances[Math.floor(i / s.companies) % s.instances];
      const res = await fetch(`${instance.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: PASSWORD }) });
      const body = (await res.json()) as { data: { token: string } };
      tokens.push({ token: body.data.token, role: p.role, url: instance.url, group: instance.index === ownerOf(p.company) ? 'owner' : 'other', company: p.company });
    }
    worker = new Worker(new URL('./socket-clients.worker.mjs', import.meta.url), { workerData: { url: instances[0].url, tokens } });
    await new Promise<void>((resolve, reject) => {
      worker!.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(String(m.type)))));
      worker!.once('error', reject);
    });
    log(`clients connected (${tokens.filter((t) => t.group === 'owner').length} on their company's owning instance, ${tokens.filter((t) => t.group === 'other').length} on another); injecting…`);

    /** Events crossing instances can trail the storing by many seconds on a busy machine: waits until none arrived for 3 s; answers how long that took. */
    const settle = async () => {
      const started = Date.now();
      for (let last = -1, quietSince = Date.now(); Date.now() - quietSince < 3000 && Date.now() - started < 300_000; await sleep(500)) {
        const { received } = await new Promise<{ received: number }>((resolve) => {
          worker!.once('message', resolve);
          worker!.postMessage({ type: 'count' });
        });
        if (received !== last) [last, quietSince] = [received, Date.now()];
      }
      return (Date.now() - started) / 1000;
    };
    const ratePerCompany = s.rate / s.companies;
    const contacts = Math.max(1, Math.round(s.contacts / s.companies));
    const inject = (prefix: string, perCompany: number) =>
      Promise.all(instances.map((inst, i) => inst.ask<InjectResult>({ cmd: 'inject', prefix, tenantIds: owned[i], perCompany, ratePerCompany, contacts })));

    const warmupPerCompany = Math.round(ratePerCompany * s.warmup);
    if (warmupPerCompany) {
      const w = await inject('warmup', warmupPerCompany);
      await settle(); // the warm-up's last events reach the clients before they start counting
      await db.analyze();
      await new Promise<void>((resolve) => {
        worker!.once('message', () => resolve());
        worker!.postMessage({ type: 'reset' });
      });
      log(`warm-up: ${w.reduce((n, r) => n + r.stored, 0)} messages stored; measuring…`);
    }
    const perCompany = Math.round(ratePerCompany * s.seconds);
    const loadBefore = loadavg();
    const results = await inject('bench', perCompany);
    const loadAfter = loadavg();
    const settleSeconds = await settle();
    const clients = await new Promise<{
      latencies: Float64Array;
      latenciesByGroup: Record<string, Float64Array>;
      received: number;
      duplicates: number;
      drops: number;
      adminUnique: number[];
      salesUnique: number;
    }>((resolve) => {
      worker!.once('message', resolve);
      worker!.postMessage({ type: 'finish' });
    });

    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    const perTenant = new Map<string, { rows: number; ids: number; warmRows: number; warmIds: number; contacts: number }>();
    for (const tenantId of tenantIds) {
      const [row] = (
        await check.query(
          `select count(*) filter (where wa_message_id like 'false_bench_%')::int as rows,
                  count(distinct wa_message_id) filter (where wa_message_id like 'false_bench_%')::int as ids,
                  count(*) filter (where wa_message_id like 'false_warmup_%')::int as "warmRows",
                  count(distinct wa_message_id) filter (where wa_message_id like 'false_warmup_%')::int as "warmIds",
                  (select count(*)::int from contacts where tenant_id = $1) as contacts
             from messages where tenant_id = $1`,
          [tenantId],
        )
      ).rows;
      perTenant.set(tenantId, row);
    }
    await check.end();

    const sum = (ids: string[], key: 'rows' | 'ids' | 'warmRows' | 'warmIds' | 'contacts') => ids.reduce((n, t) => n + perTenant.get(t)![key], 0);
    const total = perCompany * s.companies;
    const rows = sum(tenantIds, 'rows');
    const ids = sum(tenantIds, 'ids');
    const lost = total - ids + (warmupPerCompany * s.companies - sum(tenantIds, 'warmIds'));
    const duplicated = rows - ids + (sum(tenantIds, 'warmRows') - sum(tenantIds, 'warmIds')) + clients.duplicates;
    const errors = results.reduce((n, r) => n + r.errors, 0);
    const perInstance = results.map((r, i) => {
      const instanceRows = sum(owned[i], 'rows');
      const storeSeconds = (r.lastStoredAt - r.started) / 1000;
      const injectedPerSecond = ratePerCompany * owned[i].length;
      return {
        instance: `bench-${i}`,
        companies: owned[i].length,
        injected: r.injected,
        injectedPerSecond,
        injectSeconds: +((r.injectEnded - r.started) / 1000).toFixed(1),
        storedRows: instanceRows,
        storedPerSecond: storeSeconds > 0 ? Math.round(instanceRows / storeSeconds) : 0,
        // kept: what arrived was stored as it arrived (at most half a second behind when injection ended)
        rateKept: r.backlogAtEnd <= injectedPerSecond / 2,
        backlogAtEnd: r.backlogAtEnd,
        drainSeconds: +Math.max(0, (r.lastStoredAt - r.injectEnded) / 1000).toFixed(1),
        mainThreadBusy: +r.mainThreadBusy.toFixed(2),
        cpuCores: +r.cpuCores.toFixed(2),
        dedupedRedeliveries: r.dedupedRedeliveries,
        errors: r.errors,
        ...(r.firstError ? { firstError: r.firstError } : {}),
      };
    });
    const report = {
      instances: s.instances,
      companies: s.companies,
      injected: total,
      injectedPerSecond: s.rate,
      storedRows: rows,
      storedPerSecond: perInstance.reduce((n, p) => n + p.storedPerSecond, 0),
      rateKept: perInstance.every((p) => p.rateKept),
      perInstance,
      loadAverage: { before: loadBefore.map((x) => +x.toFixed(2)), after: loadAfter.map((x) => +x.toFixed(2)) },
      lost,
      duplicated,
      errors,
      contacts: sum(tenantIds, 'contacts'),
      socketEvents: clients.received,
      // a dropped client reconnects and misses what was sent meanwhile (the app fetches it again)
      clientDrops: clients.drops,
      // every admin gets each message of its company, one sales user (the lead's owner) each message
      socketEventsExpected: clients.adminUnique.length * perCompany + total,
      eventsSettledSeconds: +settleSeconds.toFixed(1),
      adminsReceivedAll: clients.adminUnique.every((n) => n === perCompany), // each admin: every message of its company
      salesReceived: clients.salesUnique,
      latencyMs: { all: percentiles(clients.latencies), clientOnOwningInstance: percentiles(clients.latenciesByGroup.owner), clientOnOtherInstance: percentiles(clients.latenciesByGroup.other) },
    };
    console.log(JSON.stringify(report, null, 2));
    for (const p of perInstance)
      log(
        `${p.instance}: stored ${p.storedRows}/${p.injected} (${p.storedPerSecond} msg/s of ${p.injectedPerSecond} injected: rate ${p.rateKept ? 'KEPT' : `NOT kept, backlog ${p.backlogAtEnd} at the end`}); main thread ${Math.round(p.mainThreadBusy * 100)} % busy, ${p.cpuCores} cores of CPU${p.errors ? `; ${p.errors} errors` : ''}`,
      );
    const l = report.latencyMs;
    log(
      `all: stored ${rows}/${total} (${report.storedPerSecond} msg/s of ${s.rate}: rate ${report.rateKept ? 'KEPT' : 'NOT kept'}), lost ${lost}, duplicated ${duplicated}, msg:new events ${clients.received}/${report.socketEventsExpected} (waited ${report.eventsSettledSeconds} s after the injection for late ones${clients.drops ? `; clients dropped and reconnected ${clients.drops} times: see "When Redis goes away" in docs/operations.md` : ''}), inbound→msg:new p95 ${l.all.p95} ms (p50 ${l.all.p50}, p99 ${l.all.p99}; p95 on the owning instance ${l.clientOnOwningInstance.p95}, on the other ${l.clientOnOtherInstance.p95}); load average ${loadBefore[0].toFixed(2)} → ${loadAfter[0].toFixed(2)}`,
    );
    if (lost !== 0 || duplicated !== 0 || errors !== 0) process.exitCode = 1;
  } finally {
    await stopAll();
    await db.drop();
  }
}
