import pg from 'pg';

/** On PostgreSQL, checks the server is reachable once, so a wrong TEST_DATABASE_URL fails with one clear line. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('[tests] database: embedded PGlite (set TEST_DATABASE_URL to run against PostgreSQL)');
    return;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL is not reachable: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  console.log(`[tests] database: PostgreSQL at ${new URL(url).host}`);
}
