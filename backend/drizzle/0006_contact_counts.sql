CREATE TABLE "contact_counts" (
	"tenant_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"assigned_key" uuid NOT NULL,
	"is_archived" boolean NOT NULL,
	"status_key" text NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"deal_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_counts_tenant_id_stage_assigned_key_is_archived_status_key_pk" PRIMARY KEY("tenant_id","stage","assigned_key","is_archived","status_key")
);
--> statement-breakpoint
ALTER TABLE "contact_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "contact_counts_tenant_isolation" ON "contact_counts" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "contact_counts_platform_access" ON "contact_counts" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);