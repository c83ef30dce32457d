import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** `name`: unique per test database; apps on it share it as their Redis namespace (REDIS_PREFIX), so test files sharing one Redis never hear each other. */
export type TestDatabase = { name: string; databaseUrl?: string; pgliteDir?: string; drop(): Promise<void> };

/**
 * A fresh, empty database for one test file: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL when it is set, an in-memory PGlite otherwise (on disk when `persistent`).
 */
export async function createTestDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const local = `pglite_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (!serverUrl && !options.persistent) return { name: local, pgliteDir: 'memory://', drop: async () => undefined };
  if (!serverUrl) {
    // a PGlite on disk outlives the app that opened it, for restart tests
    const dir = mkdtempSync(join(tmpdir(), 'crm-pglite-'));
    return { name: local, pgliteDir: dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `crm_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    drop: () => withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(serverUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
