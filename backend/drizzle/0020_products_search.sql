-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Product search under row-level security (issue 11: "q matches name or SKU, index-backed").
-- As for contacts (0007), ILIKE is not LEAKPROOF, so on a table whose policy applies to crm_app the
-- trigram indexes on products.name and products.sku were never used: every inventory search and
-- product picker search was a sequential scan of the products of all companies (found by the
-- contacts benchmark's products lines). This function runs as crm_platform (policy `true`, so the
-- indexes are used), takes no tenant argument, reads the tenant db.tenant() set for this
-- transaction and returns only the ids of that company's matching, not archived products; the
-- caller reads the products themselves through its own RLS-bound query.
CREATE OR REPLACE FUNCTION products_matching(pattern text)
RETURNS TABLE (id uuid)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
ROWS 100
AS $$
  SELECT p.id
  FROM public.products p
  WHERE p.tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid
    AND p.archived_at IS NULL
    AND (p.name ILIKE pattern OR p.sku ILIKE pattern)
$$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO crm_platform;
--> statement-breakpoint
ALTER FUNCTION products_matching(text) OWNER TO crm_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM crm_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION products_matching(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION products_matching(text) TO crm_app;
