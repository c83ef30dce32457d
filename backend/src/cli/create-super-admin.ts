import { createInterface } from 'node:readline/promises';
import { emailSchema, newPasswordSchema } from '@crm/common';
import { hashPassword } from '../platform/auth/passwords.js';
import { loadConfig } from '../platform/config/config.js';
import { connectDatabase, pgliteDirFor } from '../platform/db/connect.js';
import { migrateDatabase } from '../platform/db/migrate.js';
import { platformAdmins } from '../modules/auth/auth.table.js';
import { sql } from 'drizzle-orm';

/**
 * Creates a platform super administrator when demo mode is off (production has no known accounts).
 * Usage: npm run create-super-admin -w backend -- <email> <name>; the password is read from
 * SUPER_ADMIN_PASSWORD or asked for on the terminal.
 */
async function main() {
  const [emailArg, ...nameParts] = process.argv.slice(2);
  const email = emailSchema.safeParse(emailArg ?? '');
  if (!email.success) throw new Error('Usage: create-super-admin <email> <name>  (a valid email is required)');
  const name = nameParts.join(' ').trim() || 'Platform Administrator';
  const password = newPasswordSchema.safeParse(process.env.SUPER_ADMIN_PASSWORD ?? (await ask('Password (8-128 characters): ')));
  if (!password.success) throw new Error(password.error.issues[0].message);

  const config = loadConfig();
  const conn = await connectDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    await migrateDatabase(conn, config.databaseUrl);
    const passwordHash = await hashPassword(password.data);
    await conn.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'crm_platform', true)`);
      const updated = await tx
        .update(platformAdmins)
        .set({ passwordHash, name })
        .where(sql`lower(${platformAdmins.email}) = lower(${email.data})`)
        .returning({ id: platformAdmins.id });
      if (updated.length === 0) await tx.insert(platformAdmins).values({ email: email.data, name, passwordHash });
    });
    console.log(`Super administrator ${email.data} is ready; sign in at /super/login.`);
  } finally {
    await conn.close();
  }
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
