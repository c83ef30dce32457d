import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../src/app.factory.js';
import { ManualClock, type Clock } from '../src/platform/clock.js';
import { loadAppConfig } from '../src/app.config.js';
import type { AppConfig } from '../src/platform/config/config.js';
import { Database } from '../src/platform/db/database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { ApiClient } from './api-client.js';

export type TestApp = {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  db: Database;
  clock: ManualClock;
  api: ApiClient;
  /** Stops the app but keeps its database (to start another app on it). */
  stop(): Promise<void>;
  /** Stops the app and drops its database. */
  close(): Promise<void>;
  database: TestDatabase;
};

export type TestAppOptions = { env?: Record<string, string>; clock?: ManualClock; database?: TestDatabase };

/** The real backend on a fresh database, listening on a free port, with a clock the test controls. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-test-'));
  const config = loadAppConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    DEMO: '0',
    TRUST_PROXY: '1',
    PORT: '0',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    REDIS_PREFIX: `test-${database.name}`,
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(new Date());
  const app = await createApp(config, { clock: clock as Clock, pgliteDir: database.pgliteDir });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const stop = async () => {
    await app.close();
    // A browser the whatsapp-web driver started may still be flushing its profile as the app closes:
    // retry, and never fail a suite over a temporary folder.
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      console.warn(`could not remove ${dataDir}: ${String(e)}`);
    }
  };
  return {
    app,
    url,
    config,
    db: app.get(Database),
    clock,
    api: new ApiClient(url),
    database,
    stop,
    close: async () => {
      await stop();
      await database.drop();
    },
  };
}
