CREATE TABLE "contact_hand_overs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"from_user_id" uuid,
	"to_user_id" uuid,
	"handed_by" uuid,
	"note" text,
	"handed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_hand_overs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hand_over" jsonb;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "reps_may_hand_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_hand_overs" ADD CONSTRAINT "contact_hand_overs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_hand_overs" ADD CONSTRAINT "contact_hand_overs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_hand_overs" ADD CONSTRAINT "contact_hand_overs_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_hand_overs" ADD CONSTRAINT "contact_hand_overs_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_hand_overs" ADD CONSTRAINT "contact_hand_overs_handed_by_users_id_fk" FOREIGN KEY ("handed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_hand_overs_contact_idx" ON "contact_hand_overs" USING btree ("tenant_id","contact_id","handed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "contact_hand_overs_tenant_isolation" ON "contact_hand_overs" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "contact_hand_overs_platform_access" ON "contact_hand_overs" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);