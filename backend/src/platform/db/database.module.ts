import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { connectDatabase, pgliteDirFor } from './connect.js';
import { Database, DB_CONNECTION } from './database.js';
import { DatabaseSignals } from './database-signals.js';
import type { DbConnection, Schema } from './database.types.js';
import { migrateDatabase } from './migrate.js';

export type DatabaseOptions = {
  /** Overrides the PGlite directory (tests use `memory://`). */
  pgliteDir?: string;
  /** The app's tables, handed in by the app root (modules/tables.ts): platform never imports a module. */
  schema?: Schema;
};

/** Connects (PostgreSQL when DATABASE_URL is set, PGlite otherwise) and migrates before anything else starts. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(DB_CONNECTION) private readonly conn: DbConnection) {}

  static forRoot(options: DatabaseOptions = {}) {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DB_CONNECTION,
          inject: [APP_CONFIG],
          useFactory: async (config: AppConfig) => {
            const conn = await connectDatabase({
              databaseUrl: config.databaseUrl,
              pgliteDir: options.pgliteDir ?? pgliteDirFor(config.dataDir),
              poolSize: config.databasePoolSize,
              schema: options.schema,
            });
            await migrateDatabase(conn, config.databaseUrl);
            return conn;
          },
        },
        Database,
        DatabaseSignals,
      ],
      exports: [DB_CONNECTION, Database, DatabaseSignals],
    };
  }

  async onApplicationShutdown() {
    await this.conn.close().catch((err) => this.logger.warn(`closing the database failed: ${err}`));
  }
}
