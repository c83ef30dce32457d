-- hand-written (this line only): the search indexes below put the company first, a btree column in a GIN index
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_email_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_deal_products_product_idx";--> statement-breakpoint
DROP INDEX "products_tenant_name_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ltrim(phone, '+') || E'\n' || lower(translate(coalesce(name, ''), E'\n', ' ')) || E'\n' || lower(translate(coalesce(email, ''), E'\n', ' '))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(name, E'\n', ' ')) || E'\n' || lower(translate(sku, E'\n', ' '))) STORED;--> statement-breakpoint
CREATE INDEX "contact_deal_products_product_newest_idx" ON "contact_deal_products" USING btree ("tenant_id","product_id","id" DESC NULLS LAST,"contact_id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_deal_products_product_idx" ON "contact_deal_products" USING btree ("tenant_id","product_id","contact_id","id");--> statement-breakpoint
CREATE INDEX "products_tenant_name_idx" ON "products" USING btree ("tenant_id","name","id","archived_at");--> statement-breakpoint
-- hand-written:
-- Search reads one folded column (search_text) through one trigram index scoped to the company
-- (the three trigram indexes on name, email and phone were not, so a common name read
-- every company's matches, one heap page each; ILIKE lower-cased both sides for every row).
-- LIKE is not leakproof, so under row-level security PostgreSQL uses no index for it. These two
-- views are the narrow door around that, as contacts_matching() and products_matching() were:
-- owned by crm_platform (whose policy is `true`), they show only the rows of the tenant that
-- db.tenant() set for the transaction, and only the columns the lists filter and sort on. Being
-- views, not functions, they are planned with the query that reads them: its filters, order and
-- LIMIT reach the index scan, so a page or a bounded count stops early instead of materialising
-- every match. crm_app may only read them (a simple view is updatable: no other grant is given).
CREATE VIEW contacts_search AS
  SELECT c.id, c.tenant_id, c.name, c.phone, c.stage, c.assigned_to, c.is_archived, c.pipeline_status, c.deal_amount,
         c.shipping_governorate, c.created_at, c.updated_at, c.search_text
  FROM public.contacts c
  WHERE c.tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
CREATE VIEW products_search AS
  SELECT p.id, p.tenant_id, p.name, p.sku, p.search_text
  FROM public.products p
  WHERE p.tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid AND p.archived_at IS NULL;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO crm_platform;
--> statement-breakpoint
ALTER VIEW contacts_search OWNER TO crm_platform;
--> statement-breakpoint
ALTER VIEW products_search OWNER TO crm_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM crm_platform;
--> statement-breakpoint
REVOKE ALL ON contacts_search, products_search FROM PUBLIC;
--> statement-breakpoint
GRANT SELECT ON contacts_search, products_search TO crm_app;
--> statement-breakpoint
DROP FUNCTION contacts_matching(text, text);
--> statement-breakpoint
DROP FUNCTION products_matching(text);
