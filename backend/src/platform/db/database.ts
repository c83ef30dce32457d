import { Inject, Injectable } from '@nestjs/common';
import type { DbConnection, PlatformTx, TenantTx } from './database.types.js';
import { APP_ROLE, PLATFORM_ROLE } from './tenancy.js';
import { isUuid } from './columns.js';
import { SessionCheckRefused, takeSessionCheck } from '../auth/deferred-session-check.js';

export const DB_CONNECTION = Symbol('DB_CONNECTION');

const FUNCTION_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The only doors to the data. `tenant()` is how every domain reaches its rows: one transaction,
 * running as the app role with `app.tenant_id` set, so row-level security holds even for a query
 * that forgets its WHERE. `platform()` is the explicit path that crosses tenants. `definerCall()`
 * is the platform path for one read through a SECURITY DEFINER function (the session check).
 */
@Injectable()
export class Database {
  /** Functions checked to be SECURITY DEFINER (definerCall). */
  private readonly definers = new Set<string>();

  constructor(@Inject(DB_CONNECTION) private readonly conn: DbConnection) {}

  get kind() {
    return this.conn.kind;
  }

  async tenant<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T> {
    if (!isUuid(tenantId)) throw new Error('tenant() needs a tenant id');
    // the request's session check, when the guard left it to the first transaction (a read request)
    const check = takeSessionCheck(tenantId);
    const checked = check && {
      sql: check.sql,
      accept: (rows: Record<string, unknown>[]) => {
        check.accept(rows);
        check.passed = true;
      },
    };
    // inlined, not bound (the prelude goes with BEGIN in one simple query): a checked uuid and a constant
    const done = this.conn.transaction(`select set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', '${tenantId}', true)`, (tx) => work(tx as TenantTx), checked);
    if (check)
      check.settled = done.then(
        () => undefined,
        () => undefined,
      );
    try {
      return await done;
    } catch (error) {
      if (check && error instanceof SessionCheckRefused) throw await check.refusal();
      throw error;
    }
  }

  platform<T>(work: (tx: PlatformTx) => Promise<T>): Promise<T> {
    return this.conn.transaction(`select set_config('role', '${PLATFORM_ROLE}', true)`, (tx) => work(tx as PlatformTx));
  }

  /**
   * One call of a SECURITY DEFINER function, outside any transaction: one round trip instead of
   * four (begin, role, query, commit) for the checks every request makes. Such a function runs as
   * its owner (crm_platform, the platform path's role) whatever this connection's role is; a
   * function that is not a definer would run as the login role, so it is refused.
   */
  async definerCall<T>(fn: string, args: unknown[]): Promise<T[]> {
    if (!this.definers.has(fn)) {
      const [found] = FUNCTION_NAME.test(fn) ? await this.conn.raw<{ definer: boolean }>('select bool_and(prosecdef) as definer from pg_proc where proname = $1', [fn]) : [];
      if (!found?.definer) throw new Error(`${fn} is not a SECURITY DEFINER function`);
      this.definers.add(fn);
    }
    return this.conn.raw<T>(`select * from ${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')})`, args);
  }

  async ping(): Promise<boolean> {
    const client = this.conn.client;
    // The embedded PGlite runs in this process and one transaction at a time: `select 1` would
    // queue behind whatever transaction is running (an import of 10,000 contacts holds it for
    // seconds), and a health check must not. While it is open, it is up.
    if (client.kind === 'pglite') return !client.pglite.closed;
    try {
      await this.conn.raw('select 1');
      return true;
    } catch {
      return false;
    }
  }
}
