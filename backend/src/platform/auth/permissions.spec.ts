import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, type Permission, type Role } from '@crm/common';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';

let t: TestApp;
let doc: any;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  t = await startTestApp();
  const company = await seedCompany(t, 'perm', { sales: 1 });
  tokens.admin = await signIn(t, company.admin.email);
  tokens.sales = await signIn(t, company.sales[0].email);
  doc = await (await fetch(`${t.url}/api/docs`)).json();
});
afterAll(() => t?.close());

type Operation = { method: string; path: string; permission?: Permission };

/** Every route that takes a company user's token, with the permission-table entry that guards it. */
function tenantOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      if (!op.security?.some((s: object) => 'tenant' in s)) continue;
      // signing out would end the token the walk is using
      if (path === '/api/auth/logout') continue;
      ops.push({ method: method.toUpperCase(), path, permission: op['x-permission'] });
    }
  }
  return ops;
}

// A well-formed id that matches nothing: a permitted call then fails on validation or not-found, so the walk changes nothing.
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

describe('the permission table guards every route', () => {
  it('documents the table entry of each guarded route, and only known entries', () => {
    const ops = tenantOperations();
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) if (op.permission) expect(PERMISSION_NAMES).toContain(op.permission);
    const guarded = (m: string, p: string) => ops.find((o) => o.method === m && o.path === p)?.permission;
    expect(guarded('GET', '/api/expenses')).toBe('expenses.manage');
    expect(guarded('DELETE', '/api/whatsapp/session')).toBe('whatsapp.session.manage');
    expect(guarded('PUT', '/api/leads/assign-bulk')).toBe('contacts.assign');
  });

  for (const role of ['sales', 'admin'] as const) {
    it(`answers a ${role} user on every route exactly as the table says`, async () => {
      const wrong: string[] = [];
      for (const op of tenantOperations()) {
        const path = op.path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, UNKNOWN_ID);
        const res = await t.api.request(op.method, path, { token: tokens[role], body: op.method === 'GET' ? undefined : {} });
        const refused = res.status === 403 && (res.body as any).code === 'permission_denied';
        const allowed = !op.permission || can(role, op.permission);
        if (refused === allowed) wrong.push(`${op.method} ${op.path}: ${res.status} ${(res.body as any).code} (table: ${op.permission ?? 'any user'})`);
        expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe("the super area is the super administrator's only", () => {
  it("refuses a company user's token on every /super route, and changes nothing", async () => {
    const superOps: { method: string; path: string }[] = [];
    for (const [path, methods] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/super/') || path === '/api/super/login') continue;
      for (const method of Object.keys(methods)) superOps.push({ method: method.toUpperCase(), path });
    }
    const paths = superOps.map((o) => `${o.method} ${o.path}`);
    for (const route of [
      'GET /api/super/users',
      'POST /api/super/users',
      'PATCH /api/super/users/{id}',
      'DELETE /api/super/users/{id}',
      'GET /api/super/users/{id}/sessions',
      'DELETE /api/super/tenants/{id}',
    ]) {
      expect(paths).toContain(route);
    }
    const wrong: string[] = [];
    for (const role of ['admin', 'sales'] as const) {
      for (const op of superOps) {
        const path = op.path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, UNKNOWN_ID);
        const res = await t.api.request(op.method, path, { token: tokens[role], body: op.method === 'GET' ? undefined : {} });
        if (res.status !== 401) wrong.push(`${role} ${op.method} ${op.path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('role rules live only in the table', () => {
  it('no backend file compares a role by hand', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.ts$/.test(name) && !/\.spec\.ts$/.test(name)) {
          const text = readFileSync(file, 'utf8');
          if (/role\s*[!=]==?\s*'(admin|sales)'|\.role\)?\s*===/.test(text) || /@Roles\(/.test(text)) offenders.push(file);
        }
      }
    };
    walk(join(import.meta.dirname, '../..'));
    expect(offenders.filter((f) => !NOT_RULES.some((k) => f.endsWith(k)))).toEqual([]);
  });
});

const NOT_RULES = [
  // describes who the demo users are, not what a role may do
  'modules/demo/demo-seeder.service.ts',
];
