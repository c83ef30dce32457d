import { APP_ROLE, PLATFORM_ROLE } from './tenancy.js';

/**
 * Run after every migration. Tables with a tenant_id column get RLS enabled and forced and the app
 * role's grants; tables that enabled RLS themselves (tenants) get it forced; the platform role
 * gets the whole public schema. Only tables that need a change are altered (ALTER takes a lock).
 */
export const SECURE_TABLES_SQL = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS has_tenant
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    IF r.has_tenant AND NOT r.relrowsecurity THEN
      EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', r.relname);
    END IF;
    IF (r.has_tenant OR r.relrowsecurity) AND NOT r.relforcerowsecurity THEN
      EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', r.relname);
    END IF;
    IF r.has_tenant THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO ${APP_ROLE}', r.relname);
    END IF;
  END LOOP;
END $$;
GRANT USAGE ON SCHEMA public TO ${APP_ROLE}, ${PLATFORM_ROLE};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${PLATFORM_ROLE};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}, ${PLATFORM_ROLE};
GRANT SELECT ON public.tenants TO ${APP_ROLE};
`;
