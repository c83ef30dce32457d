import pg from 'pg';

/** Runs `work` on one connection to `url`, closed afterwards whatever happens. */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server's `postgres` database, from which a benchmark's own database is dropped and created. */
function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

const nameOf = (databaseUrl: string): string => new URL(databaseUrl).pathname.slice(1);

/**
 * Drops and creates the benchmark's database; false when `reuse` is set and it exists already (its
 * seeded rows are kept). Only a database whose name says "bench" is ever dropped: a wrong
 * DATABASE_URL must not cost anyone their data.
 */
export async function freshBenchDatabase(databaseUrl: string, options: { reuse?: boolean } = {}): Promise<boolean> {
  const name = nameOf(databaseUrl);
  if (!/bench/i.test(name)) throw new Error(`Refusing to drop "${name}": the benchmark database name must contain "bench".`);
  return withClient(adminUrl(databaseUrl), async (c) => {
    const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (exists && options.reuse) return false;
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
    return true;
  });
}

/** Drops the benchmark's database (at the end of a run, unless asked to keep it). */
export async function dropBenchDatabase(databaseUrl: string): Promise<void> {
  const name = nameOf(databaseUrl);
  if (!/bench/i.test(name)) throw new Error(`Refusing to drop "${name}": the benchmark database name must contain "bench".`);
  await withClient(adminUrl(databaseUrl), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
