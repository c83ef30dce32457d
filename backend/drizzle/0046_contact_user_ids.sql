CREATE TABLE "contact_merges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"merged_contact_id" uuid NOT NULL,
	"merged_name" text,
	"merged_wa_user_id" text,
	"reason" text NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_merges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "wa_user_id" text;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_merges_merged_unique" ON "contact_merges" USING btree ("tenant_id","merged_contact_id");--> statement-breakpoint
CREATE INDEX "contact_merges_contact_idx" ON "contact_merges" USING btree ("tenant_id","contact_id","merged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_tenant_wa_user_id_unique" ON "contacts" USING btree ("tenant_id","wa_user_id") WHERE "contacts"."wa_user_id" is not null;--> statement-breakpoint
CREATE POLICY "contact_merges_tenant_isolation" ON "contact_merges" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "contact_merges_platform_access" ON "contact_merges" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);