import type { SuperUser, TenantWithStats } from '@crm/common';
import { ok } from '../../../test/fake-api';
import { fakeCrmApi, testId, type CrmHandler } from '../../../test/fake-crm-api';

/** Helpers for the super screens' component tests (never imported by the app). */

/** Signs the super administrator in (the stored super token) and fakes the API with `handlers`. */
export function fakeSuperApi(handlers: Record<string, CrmHandler>) {
  localStorage.setItem('superToken', 'super-token');
  return fakeCrmApi(null, handlers);
}

export function makeTenant(overrides: Partial<TenantWithStats> = {}): TenantWithStats {
  return {
    _id: testId(),
    name: 'Acme Shop',
    slug: 'acme-shop',
    isActive: true,
    createdAt: '2026-10-05T09:00:00.000Z',
    subscription: { type: 'monthly', status: 'active', expiresAt: '2026-12-31T21:59:59.000Z', price: 100, paidAmount: 40, remainingAmount: 60 },
    stats: { adminCount: 1, salesCount: 3, waCount: 1 },
    ...overrides,
  };
}

/**
 * GET /super/tenants as the server answers it: `companies` are newest first; q keeps those whose
 * name or slug contains it (any case); page and limit (default 1 and 50) cut the page; total counts the matches.
 */
export function pagedTenants(companies: () => TenantWithStats[]): CrmHandler {
  return ({ query }) => {
    const q = query.get('q')?.toLowerCase() ?? '';
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 50);
    const matching = companies().filter((c) => c.name.toLowerCase().includes(q) || c.slug.toLowerCase().includes(q));
    return ok({ items: matching.slice((page - 1) * limit, page * limit), total: matching.length });
  };
}

/** The query strings GET /super/tenants was asked with, oldest first, as plain objects. */
export const tenantQueries = (requests: { path: string; query: URLSearchParams }[]) => requests.filter((r) => r.path === '/api/super/tenants').map((r) => Object.fromEntries(r.query));

export function makeSuperUser(tenant: TenantWithStats, overrides: Partial<SuperUser> = {}): SuperUser {
  return {
    _id: testId(),
    tenantId: tenant._id,
    tenant: { _id: tenant._id, name: tenant.name },
    name: 'Mona',
    email: 'mona@acme.test',
    role: 'sales',
    isActive: true,
    status: 'offline',
    isOnline: false,
    lastSeen: null,
    lastActionAt: null,
    firstLogin: null,
    createdAt: '2026-10-06T08:00:00.000Z',
    ...overrides,
  };
}
