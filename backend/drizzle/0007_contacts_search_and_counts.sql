-- Custom SQL migration file, put your code below! --
-- 1. Contact search under row-level security.
-- LIKE/ILIKE are not LEAKPROOF, so PostgreSQL never uses the trigram indexes for them on a table
-- whose policy applies to the caller (crm_app): every search became a sequential scan. This
-- function is the one narrow door around that: it runs as crm_platform (whose policy is `true`,
-- so the trigram indexes are used), takes no tenant argument, reads the tenant that db.tenant()
-- set for this transaction, and returns only that tenant's matching contacts: their id and the
-- columns the lists filter and sort on (the list page and its count run on this result in one
-- pass). The caller reads the contacts themselves through its own RLS-bound query.
CREATE OR REPLACE FUNCTION contacts_matching(name_pattern text, phone_pattern text)
RETURNS TABLE (
  id uuid, tenant_id uuid, name text, phone text, stage text, assigned_to uuid, is_archived boolean,
  pipeline_status text, deal_amount numeric, created_at timestamptz, updated_at timestamptz
)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
ROWS 200
AS $$
  SELECT c.id, c.tenant_id, c.name, c.phone, c.stage, c.assigned_to, c.is_archived, c.pipeline_status, c.deal_amount, c.created_at, c.updated_at
  FROM public.contacts c
  WHERE c.tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid
    AND (c.name ILIKE name_pattern OR c.email ILIKE name_pattern OR (phone_pattern IS NOT NULL AND c.phone LIKE phone_pattern))
$$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO crm_platform;
--> statement-breakpoint
ALTER FUNCTION contacts_matching(text, text) OWNER TO crm_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM crm_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION contacts_matching(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION contacts_matching(text, text) TO crm_app;
--> statement-breakpoint
-- 2. contact_counts: exact running totals per (tenant, stage, assignee, archived, pipeline status),
-- kept by statement-level triggers with transition tables (one upsert per statement, keys in a
-- fixed order so concurrent writers lock counter rows in the same order).
CREATE OR REPLACE FUNCTION contact_counts_apply() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_counts AS cc (tenant_id, stage, assigned_key, is_archived, status_key, contacts, deal_amount)
    SELECT tenant_id, stage, coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'::uuid), is_archived, coalesce(pipeline_status, ''),
           count(*), coalesce(sum(deal_amount), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, stage, assigned_key, is_archived, status_key)
    DO UPDATE SET contacts = cc.contacts + excluded.contacts, deal_amount = cc.deal_amount + excluded.deal_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contact_counts AS cc (tenant_id, stage, assigned_key, is_archived, status_key, contacts, deal_amount)
    SELECT tenant_id, stage, coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'::uuid), is_archived, coalesce(pipeline_status, ''),
           -count(*), -coalesce(sum(deal_amount), 0)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, stage, assigned_key, is_archived, status_key)
    DO UPDATE SET contacts = cc.contacts + excluded.contacts, deal_amount = cc.deal_amount + excluded.deal_amount;
  ELSE
    INSERT INTO contact_counts AS cc (tenant_id, stage, assigned_key, is_archived, status_key, contacts, deal_amount)
    SELECT t, s, a, ar, p, sum(c), sum(m)
    FROM (
      SELECT o.tenant_id AS t, o.stage AS s, coalesce(o.assigned_to, '00000000-0000-0000-0000-000000000000'::uuid) AS a, o.is_archived AS ar,
             coalesce(o.pipeline_status, '') AS p, -1 AS c, -coalesce(o.deal_amount, 0) AS m
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.tenant_id, o.stage, o.assigned_to, o.is_archived, o.pipeline_status, o.deal_amount)
            IS DISTINCT FROM (n.tenant_id, n.stage, n.assigned_to, n.is_archived, n.pipeline_status, n.deal_amount)
      UNION ALL
      SELECT n.tenant_id, n.stage, coalesce(n.assigned_to, '00000000-0000-0000-0000-000000000000'::uuid), n.is_archived,
             coalesce(n.pipeline_status, ''), 1, coalesce(n.deal_amount, 0)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.tenant_id, o.stage, o.assigned_to, o.is_archived, o.pipeline_status, o.deal_amount)
            IS DISTINCT FROM (n.tenant_id, n.stage, n.assigned_to, n.is_archived, n.pipeline_status, n.deal_amount)
    ) d
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c) <> 0 OR sum(m) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, stage, assigned_key, is_archived, status_key)
    DO UPDATE SET contacts = cc.contacts + excluded.contacts, deal_amount = cc.deal_amount + excluded.deal_amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_counts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contacts_counts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contacts_counts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
-- contacts that exist already
INSERT INTO contact_counts (tenant_id, stage, assigned_key, is_archived, status_key, contacts, deal_amount)
SELECT tenant_id, stage, coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'::uuid), is_archived, coalesce(pipeline_status, ''),
       count(*), coalesce(sum(deal_amount), 0)
FROM contacts GROUP BY 1, 2, 3, 4, 5
ON CONFLICT DO NOTHING;
