import type { Role } from '@crm/common';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { AuthRepository } from '../src/modules/auth/auth.repository.js';
import type { TenantRow } from '../src/modules/tenants/tenants.table.js';
import { TenantsRepository } from '../src/modules/tenants/tenants.repository.js';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import type { TestApp } from './test-app.js';

export const PASSWORD = 'Correct-Horse-9';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export type SeededUser = { id: string; email: string; name: string; role: Role };
export type SeededCompany = { tenantId: string; slug: string; admin: SeededUser; sales: SeededUser[] };

/** A company with one admin and `sales` sales users, written straight through the platform path. */
export async function seedCompany(t: TestApp, slug: string, options: { sales?: number; tenant?: Partial<TenantRow> } = {}): Promise<SeededCompany> {
  const hash = await hashed();
  const tenants = t.app.get(TenantsRepository);
  const users = t.app.get(UsersRepository);
  return t.db.platform(async (tx) => {
    const tenant = await tenants.insertTenant(tx, { name: `Company ${slug}`, slug, ...options.tenant });
    const make = async (role: Role, n: number): Promise<SeededUser> => {
      const email = `${role}${n}@${slug}.test`;
      const name = `${role === 'admin' ? 'Admin' : 'Sales'} ${n} of ${slug}`;
      const row = await users.insert(tx, { tenantId: tenant.id, name, email, role, passwordHash: hash });
      return { id: row.id, email, name, role };
    };
    const admin = await make('admin', 1);
    const sales: SeededUser[] = [];
    for (let i = 1; i <= (options.sales ?? 2); i++) sales.push(await make('sales', i));
    return { tenantId: tenant.id, slug, admin, sales };
  });
}

export async function seedSuperAdmin(t: TestApp, email = 'root@platform.test') {
  const hash = await hashed();
  await t.db.platform((tx) => t.app.get(AuthRepository).insertPlatformAdmin(tx, { name: 'Root', email, passwordHash: hash }));
  return { email };
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(t: Pick<TestApp, 'api'>, email: string, password = PASSWORD, ip = '10.0.0.1'): Promise<string> {
  const res = await t.api.post('/auth/login', { email, password }, { ip });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.body.error}`);
  return res.body.data.token;
}

export async function superSignIn(t: TestApp, email = 'root@platform.test', password = PASSWORD): Promise<string> {
  const res = await t.api.post('/super/login', { email, password }, { ip: '10.9.9.9' });
  if (res.status !== 200) throw new Error(`super sign-in failed: ${res.status} ${res.body.error}`);
  return res.body.data.token;
}
