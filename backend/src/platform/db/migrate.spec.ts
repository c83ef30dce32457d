import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { connectDatabase } from './connect.js';
import { migrateDatabase, migrationsFolder } from './migrate.js';
import { createTestDatabase } from '../../../test/test-database.js';

describe('migrations', () => {
  it('apply to an empty database (PGlite, or PostgreSQL with TEST_DATABASE_URL), and again as a no-op', async () => {
    const database = await createTestDatabase();
    const conn = await connectDatabase({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir });
    try {
      await migrateDatabase(conn, database.databaseUrl);
      await migrateDatabase(conn, database.databaseUrl);
      const tables = await conn.raw<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' order by table_name");
      expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['tenants', 'users', 'platform_admins', 'user_sessions', 'tenant_settings', 'login_failures']));
      const applied = await conn.raw<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      const files = readdirSync(migrationsFolder()).filter((f) => f.endsWith('.sql'));
      expect(applied[0].n).toBe(files.length);
      const roles = await conn.raw<{ rolname: string }>("select rolname from pg_roles where rolname in ('crm_app', 'crm_platform') order by 1");
      expect(roles.map((r) => r.rolname)).toEqual(['crm_app', 'crm_platform']);
    } finally {
      await conn.close();
      await database.drop();
    }
  });
});
