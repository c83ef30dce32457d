CREATE TABLE "super_audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"tenant_name" text NOT NULL,
	"actor_admin_id" uuid,
	"actor_name" text,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_label" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "super_audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "super_audit_log_tenant_idx" ON "super_audit_log" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "super_audit_log_platform_access" ON "super_audit_log" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);