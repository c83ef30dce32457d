ALTER TABLE "deal_status_changes" RENAME TO "pipeline_status_changes";--> statement-breakpoint
ALTER TABLE "pipeline_status_changes" DROP CONSTRAINT "deal_status_changes_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "pipeline_status_changes" DROP CONSTRAINT "deal_status_changes_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "pipeline_status_changes" DROP CONSTRAINT "deal_status_changes_changed_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "deal_status_changes_contact_idx";--> statement-breakpoint
ALTER TABLE "pipeline_status_changes" ADD CONSTRAINT "pipeline_status_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_status_changes" ADD CONSTRAINT "pipeline_status_changes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_status_changes" ADD CONSTRAINT "pipeline_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_status_changes_contact_idx" ON "pipeline_status_changes" USING btree ("tenant_id","contact_id","changed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pipeline_status_changes_to_idx" ON "pipeline_status_changes" USING btree ("tenant_id","to_status","changed_at");--> statement-breakpoint
DROP POLICY "deal_status_changes_tenant_isolation" ON "pipeline_status_changes" CASCADE;--> statement-breakpoint
DROP POLICY "deal_status_changes_platform_access" ON "pipeline_status_changes" CASCADE;--> statement-breakpoint
CREATE POLICY "pipeline_status_changes_tenant_isolation" ON "pipeline_status_changes" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "pipeline_status_changes_platform_access" ON "pipeline_status_changes" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);