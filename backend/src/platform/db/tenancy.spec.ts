import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { APP_ROLE, PLATFORM_ROLE } from './tenancy.js';
import { newId } from './columns.js';
import { pgError } from './pg-errors.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;

beforeAll(async () => {
  t = await startTestApp();
  a = await seedCompany(t, 'alpha');
  b = await seedCompany(t, 'bravo');
});
afterAll(() => t?.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('row-level security', () => {
  it('a tenant-scoped raw query without WHERE tenant_id returns only that tenant’s rows', async () => {
    const seen = await t.db.tenant(a.tenantId, async (tx) => rows<{ tenant_id: string }>(await tx.execute(sql`select tenant_id from users`)));
    expect(seen.length).toBe(3);
    expect(new Set(seen.map((r) => r.tenant_id))).toEqual(new Set([a.tenantId]));
    const settings = await t.db.tenant(b.tenantId, async (tx) => rows<{ tenant_id: string }>(await tx.execute(sql`select tenant_id from tenant_settings`)));
    expect(settings).toEqual([{ tenant_id: b.tenantId }]);
  });

  it('refuses an insert that carries another tenant’s id', async () => {
    const err = await t.db
      .tenant(a.tenantId, (tx) => tx.execute(sql`insert into users (id, tenant_id, name, email, password_hash, role) values (${newId()}, ${b.tenantId}, 'Intruder', 'intruder@x.test', 'x', 'admin')`))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgError(err)?.message).toMatch(/row-level security/);
    const count = await t.db.platform(async (tx) => rows(await tx.execute(sql`select id from users where email = 'intruder@x.test'`)));
    expect(count).toEqual([]);
  });

  it('cannot update or delete another tenant’s rows, even by id', async () => {
    const updated = await t.db.tenant(a.tenantId, async (tx) => rows(await tx.execute(sql`update users set name = 'hacked' where id = ${b.admin.id} returning id`)));
    expect(updated).toEqual([]);
    const deleted = await t.db.tenant(a.tenantId, async (tx) => rows(await tx.execute(sql`delete from users where id = ${b.admin.id} returning id`)));
    expect(deleted).toEqual([]);
  });

  it('sees only its own company in the tenants table', async () => {
    const seen = await t.db.tenant(a.tenantId, async (tx) => rows<{ id: string }>(await tx.execute(sql`select id from tenants`)));
    expect(seen).toEqual([{ id: a.tenantId }]);
  });

  it('sees nothing at all when no tenant is set', async () => {
    const seen = await t.db.platform(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      return rows(await tx.execute(sql`select id from users`));
    });
    expect(seen).toEqual([]);
  });

  it('the platform path sees every tenant', async () => {
    const seen = await t.db.platform(async (tx) => rows<{ tenant_id: string }>(await tx.execute(sql`select distinct tenant_id from users`)));
    expect(new Set(seen.map((r) => r.tenant_id))).toEqual(new Set([a.tenantId, b.tenantId]));
  });

  it('every table with a tenant_id column has RLS enabled and forced, and a policy', async () => {
    const tables = await t.db.platform(async (tx) =>
      rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; policies: number }>(
        await tx.execute(sql`
          select c.relname, c.relrowsecurity, c.relforcerowsecurity,
                 (select count(*)::int from pg_policies p where p.tablename = c.relname and p.schemaname = 'public') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`),
      ),
    );
    expect(tables.map((r) => r.relname)).toEqual(expect.arrayContaining(['users', 'user_sessions', 'tenant_settings']));
    for (const table of tables) {
      expect(table, table.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
      expect(table.policies, `${table.relname} policies`).toBeGreaterThanOrEqual(2);
    }
  });

  it('tenant work runs as a role that is not superuser, not the owner and has no BYPASSRLS', async () => {
    for (const run of [(w: (tx: any) => Promise<unknown>) => t.db.tenant(a.tenantId, w), (w: (tx: any) => Promise<unknown>) => t.db.platform(w)]) {
      const [role] = (await run(async (tx) =>
        rows(
          await tx.execute(sql`
            select current_user as name, r.rolsuper, r.rolbypassrls,
                   exists (select 1 from pg_tables where schemaname = 'public' and tableowner = current_user) as owns_tables
            from pg_roles r where r.rolname = current_user`),
        ),
      )) as { name: string; rolsuper: boolean; rolbypassrls: boolean; owns_tables: boolean }[];
      expect([APP_ROLE, PLATFORM_ROLE]).toContain(role.name);
      expect(role).toMatchObject({ rolsuper: false, rolbypassrls: false, owns_tables: false });
    }
  });
});

describe('cross-tenant HTTP', () => {
  it("tenant A's token lists only A's users", async () => {
    const token = await signIn(t, a.admin.email);
    const res = await t.api.get('/auth/users', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { email: string }) => u.email).sort()).toEqual([a.admin.email, ...a.sales.map((s) => s.email)].sort());
    expect(res.body.data.every((u: { tenantId: string }) => u.tenantId === a.tenantId)).toBe(true);
  });

  it("tenant B's settings change does not touch A's", async () => {
    const tokenB = await signIn(t, b.admin.email);
    const tokenA = await signIn(t, a.admin.email);
    expect((await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual' }, { token: tokenB })).status).toBe(200);
    expect((await t.api.get('/auth/tenant/settings', { token: tokenA })).body.data.settings.leadDistributionStrategy).toBe('round-robin');
    expect((await t.api.get('/auth/tenant/settings', { token: tokenB })).body.data.settings.leadDistributionStrategy).toBe('manual');
  });
});

describe('definerCall: one read through a SECURITY DEFINER function', () => {
  it("reads a session of either company by its id and its user's id, and nothing for a mismatched pair", async () => {
    const tokenA = await signIn(t, a.admin.email);
    await signIn(t, b.admin.email);
    expect(tokenA).toEqual(expect.any(String));
    const sessions = await t.db.platform(async (tx) => rows<{ id: string; user_id: string }>(await tx.execute(sql`select id, user_id from user_sessions`)));
    const ofA = sessions.find((s) => s.user_id === a.admin.id)!;
    const ofB = sessions.find((s) => s.user_id === b.admin.id)!;
    const [seenA] = await t.db.definerCall<{ tenant_id: string; email: string }>('user_session_check', [ofA.id, a.admin.id]);
    expect(seenA).toMatchObject({ tenant_id: a.tenantId, email: a.admin.email });
    const [seenB] = await t.db.definerCall<{ tenant_id: string }>('user_session_check', [ofB.id, b.admin.id]);
    expect(seenB.tenant_id).toBe(b.tenantId);
    expect(await t.db.definerCall('user_session_check', [ofB.id, a.admin.id])).toEqual([]);
  });

  it('refuses a function that is not SECURITY DEFINER (it would run as the login role) and anything not a function name', async () => {
    await expect(t.db.definerCall('now', [])).rejects.toThrow('now is not a SECURITY DEFINER function');
    await expect(t.db.definerCall('no_such_function', [])).rejects.toThrow('not a SECURITY DEFINER function');
    await expect(t.db.definerCall('pg_sleep(1); select 1; --', [])).rejects.toThrow('not a SECURITY DEFINER function');
  });

  it('is not callable by the app roles: a tenant transaction cannot read sessions through it', async () => {
    const [session] = await t.db.platform(async (tx) => rows<{ id: string }>(await tx.execute(sql`select id from user_sessions where user_id = ${b.admin.id} limit 1`)));
    const attempt = t.db.tenant(a.tenantId, (tx) => tx.execute(sql`select * from user_session_check(${session.id}::uuid, ${b.admin.id}::uuid)`));
    await expect(attempt).rejects.toSatisfy((e: unknown) => pgError(e)?.code === '42501');
  });
});
