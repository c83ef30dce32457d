import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { PASSWORD, seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';

/** Each user's language and digits are kept on the server, so they follow the user to another machine. */
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedCompany(t, 'acme-prefs');
  globex = await seedCompany(t, 'globex-prefs');
  await seedSuperAdmin(t, 'root-prefs@platform.test');
});
afterAll(() => t?.close());

const me = async (token: string) => (await t.api.get('/auth/me', { token })).body.data;

describe('user preferences', () => {
  it('start as English with Latin digits, in sign-in and in /auth/me', async () => {
    const login = await t.api.post('/auth/login', { email: acme.sales[1].email, password: PASSWORD }, { ip: '10.9.0.1' });
    expect(login.body.data).toMatchObject({ language: 'en', arabicDigits: false });
    expect(await me(login.body.data.token)).toMatchObject({ language: 'en', arabicDigits: false });
  });

  it("carry the user's own company name (quick replies' {company}), never another company's", async () => {
    const login = await t.api.post('/auth/login', { email: acme.sales[1].email, password: PASSWORD }, { ip: '10.9.0.2' });
    expect(login.body.data.companyName).toBe('Company acme-prefs');
    expect((await me(login.body.data.token)).companyName).toBe('Company acme-prefs');
    const other = await signIn(t, globex.admin.email);
    expect((await me(other)).companyName).toBe('Company globex-prefs');
    expect((await t.api.patch('/auth/me/preferences', { arabicDigits: false }, { token: other })).body.data.companyName).toBe('Company globex-prefs');
  });

  it('a sales user sets their own language; it comes back on the next sign-in (another machine)', async () => {
    const token = await signIn(t, acme.sales[0].email);
    const res = await t.api.patch('/auth/me/preferences', { language: 'ar' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: acme.sales[0].id, language: 'ar', arabicDigits: false });

    const digits = await t.api.patch('/auth/me/preferences', { arabicDigits: true }, { token });
    expect(digits.body.data).toMatchObject({ language: 'ar', arabicDigits: true });

    const again = await t.api.post('/auth/login', { email: acme.sales[0].email, password: PASSWORD }, { ip: '10.9.0.2' });
    expect(again.body.data).toMatchObject({ language: 'ar', arabicDigits: true });
  });

  it("changes only the caller's row: not a colleague's, not another company's user", async () => {
    const admin = await signIn(t, acme.admin.email);
    // a body naming another user is refused, not applied to them
    const sneaky = await t.api.patch('/auth/me/preferences', { language: 'ar', _id: globex.admin.id }, { token: admin });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.code).toBe('validation_failed');

    await t.api.patch('/auth/me/preferences', { language: 'ar' }, { token: admin });
    expect(await me(await signIn(t, globex.admin.email))).toMatchObject({ language: 'en', arabicDigits: false });
    expect(await me(await signIn(t, acme.sales[1].email))).toMatchObject({ language: 'en' });
    expect(await me(admin)).toMatchObject({ language: 'ar' });
  });

  it('refuses an unknown language or an empty change with validation_failed', async () => {
    const token = await signIn(t, globex.sales[0].email);
    const bad = await t.api.patch('/auth/me/preferences', { language: 'fr' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', field: 'language' });
    const empty = await t.api.patch('/auth/me/preferences', {}, { token });
    expect(empty.status).toBe(400);
    expect(await me(token)).toMatchObject({ language: 'en', arabicDigits: false });
  });

  it('is for company users only: no token and a super token are refused', async () => {
    expect((await t.api.patch('/auth/me/preferences', { language: 'ar' })).status).toBe(401);
    const superToken = await superSignIn(t, 'root-prefs@platform.test');
    expect((await t.api.patch('/auth/me/preferences', { language: 'ar' }, { token: superToken })).status).toBe(401);
  });
});
