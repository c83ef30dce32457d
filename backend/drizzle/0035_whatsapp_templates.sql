CREATE TABLE "whatsapp_cloud_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meta_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_param_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD COLUMN "whatsapp_template" jsonb;--> statement-breakpoint
ALTER TABLE "follow_up_templates" ADD COLUMN "whatsapp_template" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_templates" ADD CONSTRAINT "whatsapp_cloud_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_cloud_templates_tenant_name_language_unique" ON "whatsapp_cloud_templates" USING btree ("tenant_id","name","language");--> statement-breakpoint
CREATE INDEX "whatsapp_cloud_templates_tenant_status_name_idx" ON "whatsapp_cloud_templates" USING btree ("tenant_id","status","name");--> statement-breakpoint
CREATE POLICY "whatsapp_cloud_templates_tenant_isolation" ON "whatsapp_cloud_templates" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "whatsapp_cloud_templates_platform_access" ON "whatsapp_cloud_templates" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);