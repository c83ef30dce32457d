CREATE TABLE "contact_search_lexicon" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "contact_search_lexicon_tenant_id_word_pk" PRIMARY KEY("tenant_id","word")
);
--> statement-breakpoint
ALTER TABLE "contact_search_lexicon" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contact_search_words" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"contact_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"assigned_to" uuid,
	"is_archived" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_search_words" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contact_search_lexicon" ADD CONSTRAINT "contact_search_lexicon_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_search_lexicon_trgm_idx" ON "contact_search_lexicon" USING gin ("tenant_id","word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_search_words_walk_idx" ON "contact_search_words" USING btree ("tenant_id","word","created_at" DESC NULLS LAST,"contact_id" DESC NULLS LAST,"stage","is_archived","assigned_to");--> statement-breakpoint
CREATE POLICY "contact_search_lexicon_tenant_isolation" ON "contact_search_lexicon" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "contact_search_lexicon_platform_access" ON "contact_search_lexicon" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "contact_search_words_tenant_isolation" ON "contact_search_words" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "contact_search_words_platform_access" ON "contact_search_words" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
-- hand-written from here: the words of a contact, the triggers that keep contact_search_words and
-- contact_search_lexicon, the lexicon's search view, and the words of the contacts already stored.
-- A word is a run of characters between separators: ASCII controls, spaces, digits and punctuation,
-- the no-break space, and Arabic's comma, semicolon, question mark and digits (the same set as
-- SEARCH_WORD_SEPARATORS in contact-word-search.ts). A query with no separator in it is part of a
-- name or email exactly when it is part of one of its words, so the words answer it.
CREATE FUNCTION contact_search_words_of(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT w
  FROM pg_catalog.regexp_split_to_table(pg_catalog.substr(search_text, pg_catalog.strpos(search_text, E'\n') + 1),
                                        '[\x01-\x40\x5b-\x60\x7b-\x7f\u00a0\u060c\u061b\u061f\u0660-\u0669]+') AS w
  WHERE w <> ''
$$;
--> statement-breakpoint
-- One statement per table and statement (transition tables), as contact_counts_apply: an import's
-- chunk of 100 contacts costs one insert of their words, and a lexicon insert of the words the
-- company did not have (checked first, so writers of known words never wait on each other).
CREATE FUNCTION contact_search_words_apply() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH ws AS (
      SELECT n.tenant_id, w AS word, n.created_at, n.id AS contact_id, n.stage, n.assigned_to, n.is_archived
      FROM new_rows n CROSS JOIN LATERAL contact_search_words_of(n.search_text) AS w),
    stored AS (
      INSERT INTO contact_search_words (tenant_id, word, created_at, contact_id, stage, assigned_to, is_archived)
      SELECT * FROM ws)
    INSERT INTO contact_search_lexicon (tenant_id, word)
    SELECT DISTINCT ws.tenant_id, ws.word FROM ws
    WHERE NOT EXISTS (SELECT 1 FROM contact_search_lexicon l WHERE l.tenant_id = ws.tenant_id AND l.word = ws.word)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM contact_search_words sw
    USING old_rows o CROSS JOIN LATERAL contact_search_words_of(o.search_text) AS w
    WHERE sw.tenant_id = o.tenant_id AND sw.word = w AND sw.created_at = o.created_at AND sw.contact_id = o.id;
  ELSE
    -- only the contacts whose words or filter columns changed (a message's unread count, a deal's
    -- amount: none of them)
    WITH changed AS (
      SELECT o.tenant_id AS old_tenant_id, o.search_text AS old_text, o.created_at AS old_created_at, n.*
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.tenant_id, o.search_text, o.created_at, o.stage, o.assigned_to, o.is_archived)
            IS DISTINCT FROM (n.tenant_id, n.search_text, n.created_at, n.stage, n.assigned_to, n.is_archived)),
    gone AS (
      DELETE FROM contact_search_words sw
      USING changed c CROSS JOIN LATERAL contact_search_words_of(c.old_text) AS w
      WHERE sw.tenant_id = c.old_tenant_id AND sw.word = w AND sw.created_at = c.old_created_at AND sw.contact_id = c.id),
    ws AS (
      SELECT c.tenant_id, w AS word, c.created_at, c.id AS contact_id, c.stage, c.assigned_to, c.is_archived
      FROM changed c CROSS JOIN LATERAL contact_search_words_of(c.search_text) AS w),
    stored AS (
      INSERT INTO contact_search_words (tenant_id, word, created_at, contact_id, stage, assigned_to, is_archived)
      SELECT * FROM ws)
    INSERT INTO contact_search_lexicon (tenant_id, word)
    SELECT DISTINCT ws.tenant_id, ws.word FROM ws
    WHERE NOT EXISTS (SELECT 1 FROM contact_search_lexicon l WHERE l.tenant_id = ws.tenant_id AND l.word = ws.word)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_search_words_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER contacts_search_words_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER contacts_search_words_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_search_words_apply();
--> statement-breakpoint
-- The lexicon's words that contain a fragment: LIKE is not leakproof, so under row-level security
-- PostgreSQL would read the lexicon without its trigram index. As contacts_search (0043): owned by
-- crm_platform, the transaction's company only, SELECT only for crm_app.
CREATE VIEW contact_lexicon_search AS
  SELECT l.word FROM public.contact_search_lexicon l
  WHERE l.tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO crm_platform;
--> statement-breakpoint
ALTER VIEW contact_lexicon_search OWNER TO crm_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM crm_platform;
--> statement-breakpoint
REVOKE ALL ON contact_lexicon_search FROM PUBLIC;
--> statement-breakpoint
GRANT SELECT ON contact_lexicon_search TO crm_app;
--> statement-breakpoint
INSERT INTO contact_search_words (tenant_id, word, created_at, contact_id, stage, assigned_to, is_archived)
SELECT c.tenant_id, w, c.created_at, c.id, c.stage, c.assigned_to, c.is_archived
FROM contacts c CROSS JOIN LATERAL contact_search_words_of(c.search_text) AS w;
--> statement-breakpoint
INSERT INTO contact_search_lexicon (tenant_id, word)
SELECT DISTINCT tenant_id, word FROM contact_search_words ORDER BY 1, 2;
--> statement-breakpoint
ANALYZE contact_search_words;
--> statement-breakpoint
ANALYZE contact_search_lexicon;
