import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { PASSWORD, seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';

let t: TestApp;
let acme: SeededCompany;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedCompany(t, 'acme');
  await seedSuperAdmin(t);
  superToken = await superSignIn(t);
});
afterAll(() => t?.close());

const newCompany = (slug: string) => ({ name: `Nile ${slug}`, slug, adminName: 'Mona', adminEmail: `mona@${slug}.test`, adminPassword: 'Str0ng-pass' });

describe('super: companies', () => {
  it('creates a company with its first admin, who can then sign in', async () => {
    const res = await t.api.post('/super/tenants', newCompany('nile-shop'), { token: superToken });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Nile nile-shop', slug: 'nile-shop', isActive: true, stats: { adminCount: 1, salesCount: 0 } });
    const login = await t.api.post('/auth/login', { email: 'mona@nile-shop.test', password: 'Str0ng-pass' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ role: 'admin', tenantId: res.body.data._id, name: 'Mona' });
  });

  it("writes the creation to the company's audit log with who did it, never the password", async () => {
    const res = await t.api.post('/super/tenants', newCompany('audited'), { token: superToken });
    const audit = await t.api.get(`/super/tenants/${res.body.data._id}/audit`, { token: superToken });
    expect(audit.status).toBe(200);
    expect(audit.body.data.total).toBe(1);
    expect(audit.body.data.items[0]).toMatchObject({ action: 'tenant.created', actorName: expect.any(String), after: { slug: 'audited', adminEmail: 'mona@audited.test' } });
    expect(JSON.stringify(audit.body.data)).not.toContain('Str0ng-pass');
    const otherCompany = await t.api.get(`/super/tenants/${acme.tenantId}/audit`, { token: superToken });
    expect(otherCompany.body.data.total).toBe(0);
    const companyAdmin = await signIn(t, acme.admin.email, PASSWORD);
    expect((await t.api.get(`/super/tenants/${res.body.data._id}/audit`, { token: companyAdmin })).status).toBe(401);
  });

  it('lists companies with their staff counts', async () => {
    const res = await t.api.get('/super/tenants', { token: superToken });
    expect(res.status).toBe(200);
    const acmeRow = res.body.data.items.find((x: { slug: string }) => x.slug === 'acme');
    expect(acmeRow).toMatchObject({ _id: acme.tenantId, stats: { adminCount: 1, salesCount: 2 } });
    expect(res.body.data.total).toBe(res.body.data.items.length);
  });

  it('refuses a slug in use, naming the field, and creates nothing', async () => {
    const before = (await t.api.get('/super/tenants', { token: superToken })).body.data.total;
    const res = await t.api.post('/super/tenants', { ...newCompany('acme'), adminEmail: 'other@acme2.test' }, { token: superToken });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'This slug is already in use.', field: 'slug' });
    expect((await t.api.get('/super/tenants', { token: superToken })).body.data.total).toBe(before);
  });

  it('refuses an admin email already registered, and leaves no half-created company', async () => {
    const res = await t.api.post('/super/tenants', { ...newCompany('ghost'), adminEmail: acme.admin.email }, { token: superToken });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('adminEmail');
    const list = await t.api.get('/super/tenants', { token: superToken });
    expect(list.body.data.items.some((x: { slug: string }) => x.slug === 'ghost')).toBe(false);
  });

  it('validates the input with clear messages', async () => {
    const badSlug = await t.api.post('/super/tenants', { ...newCompany('x'), slug: 'Bad Slug!' }, { token: superToken });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.field).toBe('slug');
    const shortPassword = await t.api.post('/super/tenants', { ...newCompany('shorty'), adminPassword: 'short' }, { token: superToken });
    expect(shortPassword.body).toMatchObject({ field: 'adminPassword', error: 'Password must be at least 8 characters' });
    const longPassword = await t.api.post('/super/tenants', { ...newCompany('longy'), adminPassword: 'x'.repeat(129) }, { token: superToken });
    expect(longPassword.body.error).toBe('Password must be at most 128 characters');
    const noName = await t.api.post('/super/tenants', { ...newCompany('noname'), name: '  ' }, { token: superToken });
    expect(noName.body).toMatchObject({ field: 'name', error: 'Name is required' });
  });

  it("names every refused field with zod's issue code and its limit, for the form to word in the user's language", async () => {
    const res = await t.api.post('/super/tenants', { name: 'Nile', slug: 'a', adminEmail: 'not-an-email', adminPassword: 'short' }, { token: superToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', params: { field: 'slug', issue: 'too_small', minimum: 2, origin: 'string' } });
    expect(res.body.issues).toEqual([
      { field: 'slug', issue: 'too_small', minimum: 2, origin: 'string' },
      { field: 'adminEmail', issue: 'invalid_format', format: 'email' },
      { field: 'adminPassword', issue: 'too_small', minimum: 8, origin: 'string' },
    ]);
    const missing = await t.api.post('/super/users', { name: 'x'.repeat(201), email: 'a@b.test' }, { token: superToken });
    expect(missing.body.issues).toEqual([
      { field: 'name', issue: 'too_big', maximum: 200, origin: 'string' },
      { field: 'password', issue: 'required' },
      { field: 'tenantId', issue: 'required' },
    ]);
  });

  it('is refused to tenant users, even admins', async () => {
    const token = await signIn(t, acme.admin.email);
    expect((await t.api.post('/super/tenants', newCompany('sneaky'), { token })).status).toBe(401);
    for (const path of ['/super/tenants', '/super/tenants?q=acme&limit=5&page=1']) {
      const list = await t.api.get(path, { token });
      expect(list.status, path).toBe(401);
      expect(list.body.data, path).toBeUndefined();
    }
  });
});

describe('super: the companies list, paged and searched on the server', () => {
  type Row = { _id: string; slug: string; name: string; stats: object };
  const list = async (query: string) => {
    const res = await t.api.get(`/super/tenants${query}`, { token: superToken });
    expect(res.status, query).toBe(200);
    return res.body.data as { items: Row[]; total: number };
  };
  const add = async (slug: string, name = `Nile ${slug}`) => {
    const res = await t.api.post('/super/tenants', { ...newCompany(slug), name }, { token: superToken });
    expect(res.status).toBe(201);
    return res.body.data as Row;
  };

  it('pages newest first: page 2 holds the next companies, the total counts them all', async () => {
    const oldest = await add('paged-1');
    const middle = await add('paged-2');
    const newest = await add('paged-3');
    const all = await list('?limit=200');
    expect(all.items.slice(0, 3).map((x) => x.slug)).toEqual([newest.slug, middle.slug, oldest.slug]);
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(4);

    const page1 = await list('?limit=2&page=1');
    const page2 = await list('?limit=2&page=2');
    expect(page1.items.map((x) => x._id)).toEqual(all.items.slice(0, 2).map((x) => x._id));
    expect(page2.items.map((x) => x._id)).toEqual(all.items.slice(2, 4).map((x) => x._id));
    expect(page2.items[0]).toMatchObject({ slug: 'paged-1', stats: { adminCount: 1, salesCount: 0, waCount: 0 } });
    expect([page1.total, page2.total]).toEqual([all.total, all.total]);
    // the stats of a company on a later page are its own
    const acmeRow = (await list(`?limit=1&page=${all.items.findIndex((x) => x.slug === 'acme') + 1}`)).items[0];
    expect(acmeRow).toMatchObject({ _id: acme.tenantId, stats: { adminCount: 1, salesCount: 2 } });

    expect(await list('?limit=2&page=999')).toEqual({ items: [], total: all.total });
    // without page or limit: the first 50
    expect((await list('')).items.map((x) => x._id)).toEqual(all.items.slice(0, 50).map((x) => x._id));
  });

  it('searches the name or the slug, any case, anywhere in it; total counts the matches', async () => {
    const goods = await add('kemet-42', 'Pharaoh Goods');
    const spices = await add('spice-house', 'Kemet Spices');

    const kemet = await list('?q=KEMET');
    expect(kemet).toMatchObject({ total: 2, items: [{ _id: spices._id }, { _id: goods._id }] });
    expect((await list('?q=pharaoh')).items.map((x) => x._id)).toEqual([goods._id]);
    expect((await list('?q=aoh%20go')).items.map((x) => x._id)).toEqual([goods._id]);
    expect((await list('?q=t-4')).items.map((x) => x._id)).toEqual([goods._id]);
    expect((await list('?q=%20%20spice-HOUSE%20')).items.map((x) => x._id)).toEqual([spices._id]);
    // the end of a name and the start of a slug are not one text
    expect(await list('?q=goods%20kemet')).toEqual({ items: [], total: 0 });
    // wildcards are letters like any other
    expect(await list('?q=%25')).toEqual({ items: [], total: 0 });
    expect(await list('?q=_')).toEqual({ items: [], total: 0 });
    // a blank q is no filter
    expect((await list('?q=')).total).toBe((await list('')).total);

    const second = await list('?q=kemet&limit=1&page=2');
    expect(second).toMatchObject({ total: 2, items: [{ _id: goods._id, name: 'Pharaoh Goods', slug: 'kemet-42' }] });
  });

  it('refuses a bad page or limit with the validation error, and nothing else', async () => {
    const atLeastOne = { minimum: 1, origin: 'number' };
    const cases: [string, string, string, string, object][] = [
      ['page=0', 'page', 'page must be at least 1', 'too_small', atLeastOne],
      ['page=-2', 'page', 'page must be at least 1', 'too_small', atLeastOne],
      ['page=two', 'page', 'page must be a number', 'custom', {}],
      ['page=1.5', 'page', 'page must be a whole number', 'invalid_type', {}],
      ['limit=0', 'limit', 'limit must be at least 1', 'too_small', atLeastOne],
      ['limit=201', 'limit', 'limit must be at most 200', 'too_big', { maximum: 200, origin: 'number' }],
      ['limit=all', 'limit', 'limit must be a number', 'custom', {}],
    ];
    for (const [query, field, error, issue, limit] of cases) {
      const res = await t.api.get(`/super/tenants?${query}`, { token: superToken });
      expect(res.status, query).toBe(400);
      const refused = { field, issue, ...limit };
      expect(res.body, query).toEqual({ ok: false, error, code: 'validation_failed', params: refused, field, issues: [refused] });
    }
    const longQ = await t.api.get(`/super/tenants?q=${'x'.repeat(201)}`, { token: superToken });
    expect(longQ.status).toBe(400);
    expect(longQ.body).toMatchObject({ ok: false, code: 'validation_failed', field: 'q' });
    expect(longQ.body.data).toBeUndefined();
  });
});

describe('tenant settings', () => {
  it('defaults to round-robin and lets an admin switch to manual', async () => {
    const token = await signIn(t, acme.admin.email);
    expect((await t.api.get('/auth/tenant/settings', { token })).body.data).toEqual({ settings: { leadDistributionStrategy: 'round-robin', skipOfflineReps: false, repsMayHandOver: false } });
    const put = await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual' }, { token });
    expect(put.status).toBe(200);
    expect((await t.api.get('/auth/tenant/settings', { token })).body.data.settings.leadDistributionStrategy).toBe('manual');
    // the spec's client may also send the settings wrapped
    await t.api.put('/auth/tenant/settings', { settings: { leadDistributionStrategy: 'round-robin' } }, { token });
    expect((await t.api.get('/auth/tenant/settings', { token })).body.data.settings.leadDistributionStrategy).toBe('round-robin');
  });

  it('lets sales users read but not change the settings', async () => {
    const token = await signIn(t, acme.sales[0].email);
    expect((await t.api.get('/auth/tenant/settings', { token })).status).toBe(200);
    const put = await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'manual' }, { token });
    expect(put.status).toBe(403);
    expect(put.body.error).toBe('Only company admins can do this.');
  });

  it('refuses an unknown strategy', async () => {
    const token = await signIn(t, acme.admin.email);
    const res = await t.api.put('/auth/tenant/settings', { leadDistributionStrategy: 'random' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/round-robin or manual/);
  });
});

describe('users', () => {
  it('lists the company users, or only the sales users', async () => {
    const token = await signIn(t, acme.sales[0].email, PASSWORD);
    const all = await t.api.get('/auth/users', { token });
    expect(all.body.data).toHaveLength(3);
    const sales = await t.api.get('/auth/users?role=sales', { token });
    expect(sales.body.data.map((u: { role: string }) => u.role)).toEqual(['sales', 'sales']);
    expect(sales.body.data[0]).not.toHaveProperty('passwordHash');
    expect((await t.api.get('/auth/users?role=boss', { token })).status).toBe(400);
  });
});
