CREATE TABLE "whatsapp_cloud_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"phone_number_id" text NOT NULL,
	"business_account_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"verify_token_sealed" text NOT NULL,
	"state" text DEFAULT 'untested' NOT NULL,
	"reason_code" text,
	"reason" text,
	"display_phone_number" text,
	"verified_name" text,
	"last_tested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "whatsapp_cloud_webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"phone_number_id" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_webhook_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_connections" ADD CONSTRAINT "whatsapp_cloud_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_webhook_events" ADD CONSTRAINT "whatsapp_cloud_webhook_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_cloud_connections_tenant_unique" ON "whatsapp_cloud_connections" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_cloud_connections_phone_number_unique" ON "whatsapp_cloud_connections" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_cloud_webhook_events_tenant_status_idx" ON "whatsapp_cloud_webhook_events" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE POLICY "whatsapp_cloud_connections_tenant_isolation" ON "whatsapp_cloud_connections" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "whatsapp_cloud_connections_platform_access" ON "whatsapp_cloud_connections" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "whatsapp_cloud_webhook_events_tenant_isolation" ON "whatsapp_cloud_webhook_events" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "whatsapp_cloud_webhook_events_platform_access" ON "whatsapp_cloud_webhook_events" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);