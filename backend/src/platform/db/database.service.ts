import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DbConnection, PlatformTx, TenantTx, Tx } from './database.types.js';
import { APP_ROLE, PLATFORM_ROLE } from './tenancy.js';

export const DB_CONNECTION = Symbol('DB_CONNECTION');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The only doors to the data. `tenant()` is how every domain reaches its rows: one transaction,
 * running as the app role with `app.tenant_id` set, so row-level security holds even for a query
 * that forgets its WHERE. `platform()` is the explicit path that crosses tenants.
 */
@Injectable()
export class Database {
  constructor(@Inject(DB_CONNECTION) private readonly conn: DbConnection) {}

  get kind() {
    return this.conn.kind;
  }

  tenant<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T> {
    if (!UUID.test(tenantId)) throw new Error('tenant() needs a tenant id');
    return this.conn.db.transaction(async (tx: Tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`,
      );
      return work(tx as TenantTx);
    });
  }

  platform<T>(work: (tx: PlatformTx) => Promise<T>): Promise<T> {
    return this.conn.db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select set_config('role', ${PLATFORM_ROLE}, true)`);
      return work(tx as PlatformTx);
    });
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
