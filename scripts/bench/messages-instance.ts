/**
 * One backend instance of `INSTANCES=2 npm run bench:messages`, forked by messages-cluster.ts: it
 * runs the app (createApp, like main.ts) on the bench database, Redis and DATA_DIR given in its
 * environment with its own INSTANCE_ID, and on the orchestrator's commands (over IPC) seeds the
 * companies, starts WhatsApp sessions (taking their lease) and injects inbound messages into the
 * sessions it owns through the simulator driver, in this process, as the single-instance bench
 * does: HTTP per message would measure the HTTP layer instead. It exits when the orchestrator
 * says so or goes away (then the first instance drops the bench database).
 */
import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createApp } from '../../backend/src/app.factory.js';
import { loadAppConfig } from '../../backend/src/app.config.js';
import { Database } from '../../backend/src/platform/db/database.js';
import { hashPassword } from '../../backend/src/platform/auth/passwords.js';
import { TenantsRepository } from '../../backend/src/modules/tenants/tenants.repository.js';
import { UsersRepository } from '../../backend/src/modules/users/users.repository.js';
import { SimulatorDriver } from '../../backend/src/modules/whatsapp/drivers/simulator.driver.js';
import { WhatsAppSessionsService } from '../../backend/src/modules/whatsapp/whatsapp-sessions.service.js';
import { DUPLICATE_EVERY, JWT_SECRET, PASSWORD, benchPhones, phoneOfSeq, sleep, type InjectResult, type InstanceCommand, type InstanceReply, type SeedResult } from './messages-shared.js';

const env = process.env;
const config = loadAppConfig({
  DATABASE_URL: env.DATABASE_URL,
  DATABASE_POOL_SIZE: '20',
  DATA_DIR: env.DATA_DIR,
  REDIS_URL: env.REDIS_URL,
  INSTANCE_ID: env.INSTANCE_ID,
  WHATSAPP_DRIVER: 'simulator',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  PORT: '0',
  JWT_SECRET,
});
const app = await createApp(config);
await app.listen(0, '127.0.0.1');
const address = app.getHttpServer().address();

let stopping: Promise<void> | undefined;
const stop = (code: number) => {
  stopping ??= app
    .close()
    .catch(() => undefined)
    .finally(() => process.exit(code));
  return stopping;
};
// The orchestrator died (or was killed, so it could not clean up): stop injecting, do not outlive it,
// and the first instance drops the bench database and DATA_DIR, which the orchestrator would have removed.
let orphaned = false;
process.on('disconnect', () => {
  orphaned = true;
  setTimeout(() => process.exit(1), 8000).unref();
  stopping ??= Promise.race([app.close(), sleep(4000)])
    .catch(() => undefined)
    .then(() => (env.BENCH_DROP_WHEN_ORPHANED ? dropBenchDatabase(env.BENCH_DROP_WHEN_ORPHANED) : undefined))
    .catch(() => undefined)
    .finally(() => process.exit(1));
});

// Ctrl-C reaches every process of the run: stop injecting; the app closes itself (shutdown hooks), 5 s at most
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    orphaned = true;
    setTimeout(() => process.exit(130), 5000).unref();
  });

async function dropBenchDatabase(serverUrl: string) {
  const name = new URL(env.DATABASE_URL!).pathname.slice(1);
  if (!name.startsWith('crm_bench_')) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
  if (env.DATA_DIR?.includes('crm-bench-')) rmSync(env.DATA_DIR, { recursive: true, force: true });
}

async function seed(companies: number, clients: number, admins: number): Promise<SeedResult> {
  const hash = await hashPassword(PASSWORD);
  return app.get(Database).platform(async (tx) => {
    const tenantIds: string[] = [];
    for (let c = 0; c < companies; c++) tenantIds.push((await app.get(TenantsRepository).insertTenant(tx, { name: `Bench Co ${c}`, slug: `bench${c}` })).id);
    // 5 admins in all, as with one instance: client i belongs to company i mod companies
    const people: SeedResult['people'] = [];
    for (let i = 0; i < clients; i++) {
      const role = i < admins ? 'admin' : 'sales';
      const company = i % companies;
      const email = `${role}${i}@bench.test`;
      await app.get(UsersRepository).insert(tx, { tenantId: tenantIds[company], name: `${role} ${i}`, email, role, passwordHash: hash });
      people.push({ email, role, company });
    }
    return { tenantIds, people };
  });
}

/** Starts the company's session here (this instance takes its lease) and connects the simulated phone. */
async function start(tenantId: string) {
  const sessions = app.get(WhatsAppSessionsService);
  const simulator = app.get(SimulatorDriver);
  await sessions.start(tenantId);
  for (let i = 0; i < 200 && simulator.stateOf(tenantId) !== 'scan'; i++) await sleep(10);
  simulator.connectNow(tenantId);
  for (let i = 0; i < 200 && (await sessions.status(tenantId)).state !== 'connected'; i++) await sleep(10);
  const state = (await sessions.status(tenantId)).state;
  if (state !== 'connected') throw new Error(`the session of ${tenantId} is ${state} on ${env.INSTANCE_ID}`);
}

/** `perCompany` messages into each company's session at `ratePerCompany` per second (ids prefix_seq, every 100th delivered twice). */
async function inject(cmd: Extract<InstanceCommand, { cmd: 'inject' }>): Promise<InjectResult> {
  const simulator = app.get(SimulatorDriver);
  const phones = benchPhones(cmd.contacts);
  const pending: Promise<unknown>[] = [];
  const r: InjectResult = { injected: 0, stored: 0, dedupedRedeliveries: 0, errors: 0, started: 0, injectEnded: 0, lastStoredAt: 0, backlogAtEnd: 0, mainThreadBusy: 0, cpuCores: 0 };
  const one = (tenantId: string, seq: number, id: string) => {
    const phone = phoneOfSeq(phones, seq);
    pending.push(
      simulator
        .injectInbound(tenantId, { id, from: `${phone}@c.us`, phoneId: `${phone}@c.us`, profileName: `Contact ${phone.slice(-4)}`, body: `bench ${seq} @${Date.now()}`, type: 'text' })
        .then((res) => {
          if ((res as { status: string }).status === 'stored') {
            r.stored++;
            r.lastStoredAt = Date.now();
          } else r.dedupedRedeliveries++;
        })
        .catch((err) => {
          r.errors++;
          r.firstError ??= String(err);
        }),
    );
  };
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  r.started = Date.now();
  let seq = 0;
  while (seq < cmd.perCompany && !orphaned) {
    const due = Math.min(cmd.perCompany, Math.floor(((Date.now() - r.started) / 1000) * cmd.ratePerCompany));
    for (; seq < due; seq++) {
      const id = `false_${cmd.prefix}_${seq}`;
      for (const tenantId of cmd.tenantIds) {
        one(tenantId, seq, id);
        if (seq % DUPLICATE_EVERY === 0) one(tenantId, seq, id);
      }
    }
    await sleep(5);
  }
  r.injectEnded = Date.now();
  r.injected = cmd.perCompany * cmd.tenantIds.length;
  r.backlogAtEnd = r.injected - r.stored;
  await Promise.all(pending);
  r.mainThreadBusy = performance.eventLoopUtilization(elu).utilization;
  const used = process.cpuUsage(cpu);
  // all threads of the process (libuv's pool, GC helpers): over the run's seconds, the share of a core it used
  r.cpuCores = (used.user + used.system) / 1000 / Math.max(1, Date.now() - r.started);
  return r;
}

process.on('message', (cmd: InstanceCommand) => {
  const run = async (): Promise<unknown> => {
    switch (cmd.cmd) {
      case 'seed':
        return seed(cmd.companies, cmd.clients, cmd.admins);
      case 'start':
        return start(cmd.tenantId);
      case 'inject':
        return inject(cmd);
      case 'stop':
        return undefined;
    }
  };
  // no orchestrator any more (it died): nobody to answer
  const reply = (r: InstanceReply) => process.connected && process.send!(r);
  run().then(
    (result) => {
      reply({ id: cmd.id, ok: true, result });
      if (cmd.cmd === 'stop') void stop(0);
    },
    (err) => reply({ id: cmd.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
process.send!({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
