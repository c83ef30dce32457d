import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { DB_CONNECTION, Database } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';
import { anyOf } from '../../platform/db/any-of.js';
import { contacts } from './contacts.table.js';

/**
 * Looking contacts up by a list of phone numbers — the inbound sender lookup (hundreds per batch)
 * and the import's duplicate check — must never go through a trigram index, also once the table's
 * statistics are fresh (the unique (tenant, phone) index, or a scan when the list is a good part of
 * the table). While the phone column itself had a trigram index, PostgreSQL took it after ANALYZE:
 * 5 ms per number, 3–6 s per inbound batch of 400 (migration 0023). PGlite kept the right
 * plan either way; PostgreSQL tells. The SQL is the shape of ContactsRepository.findWhatsAppContacts
 * and findByPhones.
 */
let t: TestApp;
let co: SeededCompany;
let admin = '';
const PHONES = 20_000;
const phoneOf = (i: number) => `+2010010${String(i).padStart(5, '0')}`;

beforeAll(async () => {
  t = await startTestApp();
  co = await seedCompany(t, 'lookup');
  admin = await signIn(t, co.admin.email);
  await t.app.get(Database).platform(async (tx) => {
    await tx.execute(sql`
      insert into contacts (id, tenant_id, name, phone, stage, source, created_at, updated_at)
      select gen_random_uuid(), ${co.tenantId}::uuid, 'Lead ' || i, '+2010010' || lpad(i::text, 5, '0'), 'lead', 'whatsapp', now(), now()
      from generate_series(0, ${PHONES - 1}) i`);
  });
  // as the tables' owner (the app's roles may not analyse them), what autovacuum does
  await t.app.get<DbConnection>(DB_CONNECTION).raw('analyze contacts');
}, 60_000);
afterAll(() => t?.close());

async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  const result = await t.app.get(Database).tenant(co.tenantId, (tx) => tx.execute(sql`explain ${query}`));
  return (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('contacts by a list of phone numbers, with fresh statistics', () => {
  const batch = Array.from({ length: 400 }, (_, i) => phoneOf((i * 37) % PHONES));

  it('the inbound sender lookup does not read a trigram index', async () => {
    const plan = await planOf(sql`
      select id, name, phone, wa_id, wa_lid, assigned_to from contacts
      where tenant_id = ${co.tenantId} and (${anyOf(contacts.phone, batch)} or ${anyOf(contacts.waLid, ['x@lid'])})`);
    expect(plan).not.toMatch(/trgm/);
  });

  it("the import's duplicate check does not read a trigram index", async () => {
    const plan = await planOf(sql`select * from contacts where tenant_id = ${co.tenantId} and phone in ${batch}`);
    expect(plan).not.toMatch(/trgm/);
  });

  it('a search by part of a number still finds it among them', async () => {
    const res = await t.api.get(`/contacts?q=${encodeURIComponent('0100 1000 299')}`, { token: admin });
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.items.map((c: { phone: string }) => c.phone)).toEqual([phoneOf(299)]);
  });
});
