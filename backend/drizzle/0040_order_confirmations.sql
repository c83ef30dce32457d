CREATE TABLE "order_confirmation_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_confirmation_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_confirmations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_confirmations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_confirmation_settings" ADD CONSTRAINT "order_confirmation_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_confirmations_contact_idx" ON "order_confirmations" USING btree ("tenant_id","contact_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_confirmations_one_open_per_contact" ON "order_confirmations" USING btree ("tenant_id","contact_id") WHERE status in ('scheduled', 'open');--> statement-breakpoint
CREATE INDEX "order_confirmations_due_idx" ON "order_confirmations" USING btree ("next_at") WHERE status in ('scheduled', 'open');--> statement-breakpoint
CREATE POLICY "order_confirmation_settings_tenant_isolation" ON "order_confirmation_settings" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "order_confirmation_settings_platform_access" ON "order_confirmation_settings" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "order_confirmations_tenant_isolation" ON "order_confirmations" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "order_confirmations_platform_access" ON "order_confirmations" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);