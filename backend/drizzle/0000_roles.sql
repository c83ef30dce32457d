-- Custom SQL migration file, put your code below! --
-- Runtime roles (cluster-wide, hence idempotent). The app connects as the owner and switches,
-- inside each transaction, to crm_app (tenant work) or crm_platform (the explicit platform path):
-- neither is superuser, owner, nor BYPASSRLS, so row-level security always applies.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_app') THEN
    CREATE ROLE crm_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_platform') THEN
    CREATE ROLE crm_platform NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
--> statement-breakpoint
GRANT crm_app TO CURRENT_USER;
--> statement-breakpoint
GRANT crm_platform TO CURRENT_USER;
