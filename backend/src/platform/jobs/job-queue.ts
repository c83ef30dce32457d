import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Db as BossDb, type DrizzleTransactionLike, type Job, type Queue, type SendOptions } from 'pg-boss';
import { DB_CONNECTION } from '../db/database.js';
import type { DbConnection, Tx } from '../db/database.types.js';
import { APP_ROLE, PLATFORM_ROLE } from '../db/tenancy.js';

/** The PostgreSQL schema pg-boss keeps its tables in (next to `public`, in the same database). */
export const JOBS_SCHEMA = 'pgboss';

// any 64-bit number unique to this use: instances starting together grant one at a time
const GRANT_LOCK_KEY = 7_370_112_605;
const NO_JOB = '00000000-0000-0000-0000-000000000000';

export type JobHandler<T> = (job: Job<T>) => Promise<void>;
export type WorkerOptions = { pollingIntervalSeconds?: number; localConcurrency?: number };

/**
 * Durable jobs in PostgreSQL through pg-boss (timed work must survive a restart and run once, and an
 * enqueue must commit with the write that asked for it), on the app's own database
 * connection: the PGlite instance in embedded mode (`backend: 'pglite'`), the pg pool otherwise.
 *
 * - `sendInTransaction(tx, …)` enqueues through the caller's Drizzle transaction (pg-boss's
 *   `fromDrizzle`), so a job exists exactly when the domain write that needs it committed. Those
 *   transactions run as the app role, which may insert jobs (and read back their id) but not read
 *   or change the queue otherwise.
 * - Queues are declared with `createQueue`, which also loads pg-boss's queue cache: on PGlite (one
 *   connection) a cache miss inside a transaction would wait for that same transaction forever.
 * - Handlers must re-check the domain row they are about: a job says "look at this now", never
 *   "this is still to be done" (jobs may run again after a crash, and stopping work does not have
 *   to find and cancel its jobs).
 * - Stopped before the database closes (beforeApplicationShutdown): running handlers get a few
 *   seconds, then their jobs are failed and retried later.
 */
@Injectable()
export class JobQueue implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private boss?: PgBoss;

  constructor(@Inject(DB_CONNECTION) private readonly conn: DbConnection) {}

  async onModuleInit() {
    const client = this.conn.client;
    const db: BossDb =
      client.kind === 'pglite'
        ? fromPglite(client.pglite)
        : // the whole result: pg-boss's maintenance sends several statements at once and unwraps the array itself
          { executeSql: (text, values) => client.pool.query(text, values) as never };
    const boss = new PgBoss({
      db,
      backend: client.kind === 'pglite' ? 'pglite' : 'postgres',
      schema: JOBS_SCHEMA,
      // no cron schedules are used; maintenance (expiring stuck jobs, retention) stays on
      schedule: false,
      supervise: true,
      migrate: true,
    });
    boss.on('error', (err) => this.logger.error(`pg-boss: ${err instanceof Error ? err.message : String(err)}`));
    boss.on('warning', (warning) => this.logger.warn(`pg-boss: ${warning.message}`));
    await boss.start();
    this.boss = boss;
    await this.grantEnqueue();
  }

  async beforeApplicationShutdown() {
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, timeout: 5_000, close: false }).catch((err) => this.logger.warn(`stopping pg-boss failed: ${err}`));
  }

  /** Declares a queue (idempotent) and loads it into pg-boss's cache. */
  async createQueue(name: string, options: Omit<Queue, 'name'> = {}): Promise<void> {
    const boss = this.started();
    await boss.createQueue(name, options);
    await boss.findJobs(name, { id: NO_JOB });
  }

  /** Runs `handler` for each job of the queue, one at a time per worker; returns the worker id. */
  work<T extends object>(name: string, options: WorkerOptions, handler: JobHandler<T>): Promise<string> {
    return this.started().work<T>(name, { batchSize: 1, ...options }, async ([job]) => {
      if (job) await handler(job);
    });
  }

  /**
   * Runs `handler` for up to `batchSize` jobs of the queue at once, for queues that must keep up
   * with bursts: pg-boss waits the polling interval between fetches unless woken, so one job per
   * fetch caps a worker at one job per interval. The batch fails (and is retried) as one when the
   * handler throws, so handlers must be safe to run again, as every handler here is.
   */
  workBatch<T extends object>(name: string, options: WorkerOptions & { batchSize: number }, handler: (jobs: Job<T>[]) => Promise<void>): Promise<string> {
    return this.started().work<T>(name, options, handler);
  }

  /** Enqueues in the caller's transaction: the job exists if and only if the transaction commits. */
  sendInTransaction(tx: Tx, name: string, data: object, options: Omit<SendOptions, 'db'> = {}): Promise<string | null> {
    // Tx.execute is typed for any driver (unknown rows); both of ours return { rows }, which pg-boss reads
    return this.started().send(name, data, { ...options, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
  }

  /**
   * Deletes, in the caller's platform transaction, every job whose data names this tenant
   * (`data.tenantId`): its company is being deleted. Jobs of every queue, waiting or not.
   */
  async deleteTenantJobs(tx: Tx, tenantId: string): Promise<number> {
    // pgboss = JOBS_SCHEMA, written out: a table named at run time is the tenant eraser's alone (lint:boundaries)
    const result = await tx.execute(sql`delete from pgboss.job where data->>'tenantId' = ${tenantId}`);
    return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
  }

  send(name: string, data: object, options: Omit<SendOptions, 'db'> = {}): Promise<string | null> {
    return this.started().send(name, data, options);
  }

  /** Cancels queued jobs (best effort: handlers re-check their rows anyway). */
  async cancel(name: string, ids: string[]): Promise<void> {
    if (!ids.length || !this.boss) return;
    await this.boss.cancel(name, ids).catch((err) => this.logger.warn(`cancelling ${ids.length} job(s) of ${name} failed: ${err}`));
  }

  /** Wakes a worker now instead of at its next poll. */
  notifyWorker(workerId: string) {
    this.boss?.notifyWorker(workerId);
  }

  get running(): boolean {
    return !!this.boss;
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not running');
    return this.boss;
  }

  /**
   * Lets the app role enqueue from tenant transactions: insert a job and read back its id, nothing
   * else. The platform role may also delete jobs (a deleted company's, in the deleting transaction).
   */
  private async grantEnqueue() {
    await this.conn.raw(`
DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(${GRANT_LOCK_KEY});
  IF NOT has_table_privilege('${APP_ROLE}', '${JOBS_SCHEMA}.job_common', 'INSERT') THEN
    GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${APP_ROLE};
    GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${APP_ROLE};
    GRANT INSERT ON ${JOBS_SCHEMA}.job, ${JOBS_SCHEMA}.job_common TO ${APP_ROLE};
    GRANT SELECT (id, start_after) ON ${JOBS_SCHEMA}.job, ${JOBS_SCHEMA}.job_common TO ${APP_ROLE};
  END IF;
  IF NOT has_table_privilege('${PLATFORM_ROLE}', '${JOBS_SCHEMA}.job', 'DELETE') THEN
    GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${PLATFORM_ROLE};
    GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${PLATFORM_ROLE};
    GRANT SELECT, INSERT, DELETE ON ${JOBS_SCHEMA}.job, ${JOBS_SCHEMA}.job_common TO ${PLATFORM_ROLE};
  END IF;
END $$;`);
  }
}
