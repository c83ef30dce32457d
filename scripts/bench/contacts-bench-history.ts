import type pg from 'pg';

/**
 * Each deal's history as the app writes it, for one company of the contacts benchmark: into sales
 * when it was created, into new then, and on to its status some time since (lost ones with a
 * reason). The board's days in stage and the stale mark read the latest row of each card, and the
 * detailed report its lost reasons and days per stage; without these rows both read empty indexes.
 */
export async function seedDealHistory(c: pg.Client, tenantId: string): Promise<void> {
  await c.query(
    `insert into contact_stage_history (id, tenant_id, contact_id, from_stage, to_stage, changed_by, changed_at)
     select pg_temp.uuid7(c.created_at), c.tenant_id, c.id, 'customer', 'sales', c.assigned_to, c.created_at
     from contacts c where c.tenant_id = $1 and c.stage = 'sales'`,
    [tenantId],
  );
  await c.query(
    `with deals as (
       select c.*, c.created_at + (abs(hashtext(c.id::text)) % 1000) / 1000.0 * (now() - c.created_at) as moved_at
       from contacts c where c.tenant_id = $1 and c.stage = 'sales'
     )
     insert into pipeline_status_changes (id, tenant_id, contact_id, from_status, to_status, lost_reason, changed_by, changed_at)
     select pg_temp.uuid7(created_at), tenant_id, id, null, 'new', null, assigned_to, created_at from deals
     union all
     select pg_temp.uuid7(moved_at), tenant_id, id, 'new', pipeline_status,
            case when pipeline_status = 'lost' then (ARRAY['Too expensive','No answer','Bought elsewhere'])[1 + abs(hashtext(phone)) % 3] end,
            assigned_to, moved_at
     from deals where pipeline_status <> 'new'`,
    [tenantId],
  );
}
