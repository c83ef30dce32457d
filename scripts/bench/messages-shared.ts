/**
 * What the messenger benchmark's orchestrator (messages.bench.ts), its multi-instance part
 * (messages-cluster.ts) and its per-instance child (messages-instance.ts) share: the traffic's
 * shape, the bench database's lifetime, and the orchestrator ↔ child messages.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DUPLICATE_EVERY = 100; // every 100th message is delivered twice by "WhatsApp"
export const PASSWORD = 'Bench-Password-1';
/** Backend settings every bench instance runs with (a simulator that connects only when told to). */
export const SIMULATOR_ENV = { WHATSAPP_SIM_TIME_SCALE: '0.01', WHATSAPP_SIM_AUTO_CONNECT_MS: '0', WHATSAPP_WATCHDOG_SECONDS: '0' };
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pct = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
/** The CONTACTS phone numbers of one company, the same every run. */
export const benchPhones = (contacts: number) => Array.from({ length: contacts }, (_, i) => `20100${String(1_000_000 + i)}`);
/** The contact of the seq-th message: a fixed permutation, so consecutive messages rarely share a sender. */
export const phoneOfSeq = (phones: string[], seq: number) => phones[(seq * 7919) % phones.length];

export type BenchDatabase = { name: string; url: string; drop: () => Promise<void>; analyze: () => Promise<void> };

/**
 * ANALYZE after the warm-up: it created every lead within seconds, and autovacuum would refresh the
 * statistics at its next visit — some time during the measured run, changing plans mid-run (that
 * is how the trigram index on phone numbers took over the sender lookup, migration 0023). Every
 * run measures the plans a company's settled tables get.
 */
async function analyzeDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * A fresh crm_bench_* (or BENCH_DB_PREFIX_*) database on the server; `drop` removes it (at most once, connections or
 * not). Ctrl-C or SIGTERM also runs `onInterrupt` (stop what the run started) and drops it, so an
 * interrupted run leaves nothing behind.
 */
export async function createBenchDatabase(server: string, onInterrupt: () => Promise<void> = async () => undefined): Promise<BenchDatabase> {
  // BENCH_DB_PREFIX: runs side by side on one server tell their databases apart
  const prefix = /^[a-z_][a-z0-9_]{0,30}$/.test(process.env.BENCH_DB_PREFIX ?? '') ? process.env.BENCH_DB_PREFIX : 'crm_bench';
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  const drop = () =>
    (dropped ??= admin
      .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => admin.end().catch(() => undefined)));
  let interrupted = false;
  const interrupt = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`[bench] ${signal}: stopping and dropping ${name}`);
    // connections the drop cuts may fail where nobody listens any more: we are leaving anyway
    process.on('uncaughtException', () => undefined);
    void onInterrupt()
      .catch(() => undefined)
      .then(drop)
      .finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  return { name, url: url.toString(), drop, analyze: () => analyzeDatabase(url.toString()) };
}

/** Orchestrator → instance child (messages-instance.ts); each answered by one InstanceReply with the same id. */
export type InstanceCommand =
  | { id: number; cmd: 'seed'; companies: number; clients: number; admins: number }
  | { id: number; cmd: 'start'; tenantId: string }
  | { id: number; cmd: 'inject'; prefix: string; tenantIds: string[]; perCompany: number; ratePerCompany: number; contacts: number }
  | { id: number; cmd: 'stop' };

export type SeedResult = { tenantIds: string[]; people: { email: string; role: 'admin' | 'sales'; company: number }[] };
/** One instance's injection: counts over its companies, times in ms since the epoch. */
export type InjectResult = {
  injected: number;
  stored: number;
  dedupedRedeliveries: number;
  errors: number;
  firstError?: string;
  started: number;
  injectEnded: number;
  lastStoredAt: number;
  backlogAtEnd: number;
  mainThreadBusy: number;
  /** CPU time of the process over the run's wall time (1 = one core the whole time). */
  cpuCores: number;
};
export type InstanceReply = { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: string };
export type InstanceReady = { ready: true; port: number };
