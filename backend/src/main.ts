import { createApp, listen } from './app.factory.js';
import { loadAppConfig } from './app.config.js';
import { ConfigError, type AppConfig } from './platform/config/config.js';
import { DEMO_PASSWORD, DEMO_SUPER, DEMO_USERS } from './platform/config/demo-accounts.js';

async function main() {
  let config: AppConfig;
  try {
    config = loadAppConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  await listen(app, config.port, config.host);
  printBanner(config);
}

function printBanner(config: AppConfig) {
  const url = `http://localhost:${config.port}`;
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pg`;
  const lines = [`CRM backend listening on ${url}  (API ${url}/api, docs ${url}/api/docs)`, `Database: ${db}; WhatsApp driver: ${config.whatsappDriver}`];
  if (config.demo) {
    lines.push('Demo mode is ON. Demo accounts:');
    for (const u of DEMO_USERS) lines.push(`  ${u.role.padEnd(6)} ${u.email} / ${DEMO_PASSWORD}`);
    lines.push(`  super  ${DEMO_SUPER.email} / ${DEMO_SUPER.password}  (at ${url}/super/login)`);
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
