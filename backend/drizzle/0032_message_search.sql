ALTER TABLE "messages" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "messages_tenant_newest_idx" ON "messages" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- hand-written:
-- Message search. search_text is written by the backend with every message (messageSearchText()
-- in common/rules/message-search.ts). message_search_text() is the same folding in SQL, used to
-- fill the messages stored before this migration; message-search-sql.spec.ts checks the two agree.
CREATE OR REPLACE FUNCTION message_search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog
AS $$
  SELECT lower(translate(
    regexp_replace(value, '[\u0610-\u061a\u064b-\u065f\u0670\u0640\u06d6-\u06ed]', '', 'g'),
    'أإآٱىیة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'ااااييه01234567890123456789'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_search_digits(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog
AS $$
  SELECT string_agg(d, E'\n')
  FROM (
    SELECT regexp_replace(r[1], '\D', '', 'g') AS d
    FROM regexp_matches(translate(value, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '(\+?\d[\d\s\-().]{4,}\d)', 'g') AS r
  ) runs
  WHERE length(d) >= 6
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_search_text(body text, file_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, public
AS $$
  SELECT nullif(concat_ws(E'\n',
    message_search_fold(CASE WHEN btrim(body, E' \t\n\r') <> '' THEN body END),
    message_search_fold(CASE WHEN btrim(file_name, E' \t\n\r') <> '' THEN file_name END),
    message_search_digits(CASE WHEN btrim(body, E' \t\n\r') <> '' THEN body END),
    message_search_digits(CASE WHEN btrim(file_name, E' \t\n\r') <> '' THEN file_name END)
  ), '')
$$;--> statement-breakpoint
UPDATE messages SET search_text = message_search_text(body, media_file_name)
WHERE search_text IS NULL AND (body IS NOT NULL OR media_file_name IS NOT NULL);--> statement-breakpoint
-- LIKE is not leakproof: under row-level security PostgreSQL uses no index for it (every search
-- would read the company's every message). This function, owned by crm_platform, searches the
-- current transaction's tenant only, newest first, and stops after max_rows.
-- The plan is chosen here, not by the planner: under row-level security it may not read the
-- column's statistics for a non-leakproof operator, so it guesses every word rare and reads all
-- the matches of a common one through the trigram index (0.4 s for 110,000 matches in 1,000,000).
-- 1. The company's newest `recent_window` messages from the cursor on, read in order from the
--    newest-first index (a few ms): a common word fills the page there.
-- 2. Only if it did not, the matches older than that window through the trigram index (the word
--    is then rare enough for its matches to be few), appended in order.
CREATE OR REPLACE FUNCTION messages_matching(patterns text[], assignee uuid, before_at timestamptz, before_id uuid, max_rows int, recent_window int DEFAULT 10000)
RETURNS TABLE (id uuid, contact_id uuid, created_at timestamptz, direction text, type text, body text, media_file_name text)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
DECLARE
  tenant uuid := NULLIF(current_setting('app.tenant_id', true), '')::uuid;
  lim int := greatest(1, least(max_rows, 200));
  base text;
  filters text := '';
  p text;
  found_rows int;
  bound_at timestamptz;
  bound_id uuid;
  order_by constant text := ' ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST';
  columns constant text := 'm.id, m.contact_id, m.created_at, m.direction, m.type, m.body, m.media_file_name';
BEGIN
  IF tenant IS NULL OR patterns IS NULL OR cardinality(patterns) = 0 THEN
    RETURN;
  END IF;
  -- base: the messages in reach, in the index alone (the window's bound is read without the table)
  base := format('m.tenant_id = %L', tenant);
  IF before_at IS NOT NULL THEN
    base := base || format(' AND m.created_at <= %L AND (m.created_at < %L OR m.id < %L)', before_at, before_at, before_id);
  END IF;
  filters := format(' AND NOT m.hidden_for_tenant AND NOT (m.deleted_for_everyone AND m.deleted_by IS DISTINCT FROM %L)', 'contact');
  FOREACH p IN ARRAY patterns LOOP
    filters := filters || format(' AND m.search_text LIKE %L', p);
  END LOOP;
  IF assignee IS NOT NULL THEN
    filters := filters || format(' AND m.contact_id IN (SELECT c.id FROM public.contacts c WHERE c.tenant_id = %L AND c.assigned_to = %L)', tenant, assignee);
  END IF;
  -- 1. the window (its inner LIMIT keeps the planner on the newest-first index)
  RETURN QUERY EXECUTE format(
    'SELECT %s FROM (SELECT * FROM public.messages m WHERE %s%s LIMIT %s) m WHERE true%s%s LIMIT %s',
    columns, base, order_by, recent_window, filters, order_by, lim);
  GET DIAGNOSTICS found_rows = ROW_COUNT;
  IF found_rows >= lim THEN
    RETURN;
  END IF;
  EXECUTE format('SELECT m.created_at, m.id FROM public.messages m WHERE %s%s OFFSET %s LIMIT 1', base, order_by, recent_window - 1) INTO bound_at, bound_id;
  IF bound_at IS NULL THEN
    RETURN; -- the window held every message in reach
  END IF;
  -- 2. older than the window
  RETURN QUERY EXECUTE format(
    'SELECT %s FROM public.messages m WHERE %s AND m.created_at <= %L AND (m.created_at < %L OR m.id < %L)%s%s LIMIT %s',
    columns, base, bound_at, bound_at, bound_id, filters, order_by, lim - found_rows);
END
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO crm_platform;--> statement-breakpoint
ALTER FUNCTION messages_matching(text[], uuid, timestamptz, uuid, int, int) OWNER TO crm_platform;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM crm_platform;--> statement-breakpoint
REVOKE ALL ON FUNCTION messages_matching(text[], uuid, timestamptz, uuid, int, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION messages_matching(text[], uuid, timestamptz, uuid, int, int) TO crm_app;
