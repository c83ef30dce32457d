import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { DB_CONNECTION, Database } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';

/**
 * The board at 40,000 deals (beside 80,000 leads), on PostgreSQL with fresh statistics: a column's
 * page walks the contacts list indexes (pipeline_status is one of their trailing key columns, so
 * the status is checked inside the index: no new index on contacts is needed) and never sorts; the
 * days-in-status lookup probes the board's history index once per card. Measured here: a column's
 * first page 0.05–0.1 ms, page 50 about 1.5 ms, the 20 cards' entry times about 0.3 ms.
 * PGlite is left out: its planner is not what a large company runs on.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
let co: SeededCompany;
const DEALS = 40_000;

describe.skipIf(!onPostgres)('deal board query plans at 40,000 deals', () => {
  beforeAll(async () => {
    t = await startTestApp();
    co = await seedCompany(t, 'plans', { sales: 5 });
    const reps = sql.raw(`array[${co.sales.map((s) => `'${s.id}'::uuid`).join(',')}]`);
    await t.app.get(Database).platform(async (tx) => {
      await tx.execute(sql`
        insert into contacts (id, tenant_id, name, phone, stage, pipeline_status, deal_amount, assigned_to, source, created_at, updated_at)
        select gen_random_uuid(), ${co.tenantId}::uuid, 'Deal ' || i, '+2011' || lpad(i::text, 8, '0'), 'sales',
          (array['new','new','new','new','contacted','contacted','qualified','proposal','proposal','negotiation','won','won','won','lost'])[1 + i % 14],
          100 + i % 500, (${reps})[1 + i % 5], 'manual', now() - (i || ' minutes')::interval, now()
        from generate_series(0, ${DEALS - 1}) i`);
      await tx.execute(sql`
        insert into contacts (id, tenant_id, name, phone, stage, source, created_at, updated_at)
        select gen_random_uuid(), ${co.tenantId}::uuid, 'Lead ' || i, '+2012' || lpad(i::text, 8, '0'), 'lead', 'manual', now(), now()
        from generate_series(0, ${2 * DEALS - 1}) i`);
      await tx.execute(sql`
        insert into contact_stage_history (id, tenant_id, contact_id, from_stage, to_stage, changed_at)
        select gen_random_uuid(), tenant_id, id, 'customer', 'sales', created_at from contacts where stage = 'sales'`);
      await tx.execute(sql`
        insert into pipeline_status_changes (id, tenant_id, contact_id, from_status, to_status, changed_at)
        select gen_random_uuid(), tenant_id, id, 'new', pipeline_status, created_at + interval '1 hour' from contacts where stage = 'sales'`);
    });
    // as the tables' owner (the app's roles may not analyse them), what autovacuum does
    await t.app.get<DbConnection>(DB_CONNECTION).raw('analyze');
  }, 300_000);
  afterAll(() => t?.close());

  async function planOf(query: ReturnType<typeof sql>): Promise<string> {
    const result = await t.app.get(Database).tenant(co.tenantId, (tx) => tx.execute(sql`explain ${query}`));
    return (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
  }

  // the shape of ContactsRepository.pageIds for one column (the board's filter is the sales stage)
  const column = (status: string, assignee?: string, offset = 0) => sql`
    select id from contacts where tenant_id = ${co.tenantId} ${assignee ? sql`and assigned_to = ${assignee}` : sql``} and stage = 'sales'
      and ${status === 'new' ? sql`(pipeline_status = 'new' or pipeline_status is null)` : sql`pipeline_status = ${status}`}
    order by created_at desc nulls last, id desc nulls last limit 21 offset ${offset}`;

  it("pages an admin's and a rep's columns from the list indexes, without sorting", async () => {
    for (const status of ['new', 'negotiation', 'won', 'lost']) {
      for (const plan of [await planOf(column(status)), await planOf(column(status, co.sales[0].id)), await planOf(column(status, undefined, 1000))]) {
        expect(plan, plan).toMatch(/Index Only Scan using contacts_(stage|assignee)_created_idx/);
        expect(plan, plan).not.toMatch(/Sort/);
      }
    }
  });

  it("reads every column's first page in one query, each still from the list indexes and the only sort the pages' few rows", async () => {
    const statuses = ['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost'];
    for (const assignee of [undefined, co.sales[0].id]) {
      // the shape of ContactQueriesRepository.statusPageIds
      const branches = statuses.map(
        (status, n) => sql`(select ${n}::int as n, id, row_number() over (order by created_at desc nulls last, id desc nulls last) as k from contacts
          where tenant_id = ${co.tenantId} ${assignee ? sql`and assigned_to = ${assignee}` : sql``} and stage = 'sales'
            and ${status === 'new' ? sql`(pipeline_status = 'new' or pipeline_status is null)` : sql`pipeline_status = ${status}`}
          order by created_at desc nulls last, id desc nulls last limit 21 offset 0)`,
      );
      const plan = await planOf(sql`select n, id from (${sql.join(branches, sql` union all `)}) pages order by n, k`);
      expect(plan.match(/Index Only Scan using contacts_(stage|assignee)_created_idx/g), plan).toHaveLength(statuses.length);
      expect(plan.match(/Sort Key/g), plan).toEqual(['Sort Key']);
      expect(plan, plan).toMatch(/Sort Key: .+\.n, .+\.k/);
    }
  });

  it('finds when each card entered its status through the history index', async () => {
    const rows = await t.app.get(Database).tenant(co.tenantId, (tx) => tx.execute(sql`select id from contacts where stage = 'sales' limit 20`));
    const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    const plan = await planOf(sql`
      select c.id, coalesce(case when d.to_status = coalesce(c.pipeline_status, 'new') then d.changed_at when d.to_status is not null then c.updated_at end, h.changed_at, c.created_at)
      from contacts c
      left join lateral (select d.to_status, d.changed_at from pipeline_status_changes d where d.tenant_id = c.tenant_id and d.contact_id = c.id order by d.changed_at desc nulls last, d.id desc nulls last limit 1) d on true
      left join lateral (select h.changed_at from contact_stage_history h where h.contact_id = c.id and h.tenant_id = c.tenant_id and h.to_stage = 'sales' order by h.changed_at desc nulls last limit 1) h on true
      where c.tenant_id = ${co.tenantId} and c.id = any(${sql.param(ids)}::uuid[])`);
    expect(plan, plan).toMatch(/pipeline_status_changes_contact_idx/);
    expect(plan, plan).toMatch(/contact_stage_history_contact_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on (pipeline_status_changes|contact_stage_history)/);
  });

  it('opens the board over the API', async () => {
    const admin = await signIn(t, co.admin.email);
    const res = await t.api.get('/deals/board', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.columns.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(DEALS);
  });
});
