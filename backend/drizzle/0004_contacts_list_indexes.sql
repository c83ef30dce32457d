DROP INDEX "contacts_list_idx";--> statement-breakpoint
DROP INDEX "contacts_assigned_idx";--> statement-breakpoint
DROP INDEX "contacts_pipeline_idx";--> statement-breakpoint
DROP INDEX "contact_deal_products_product_idx";--> statement-breakpoint
CREATE INDEX "contacts_stage_created_idx" ON "contacts" USING btree ("tenant_id","stage","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_archived","assigned_to","pipeline_status","deal_amount");--> statement-breakpoint
CREATE INDEX "contacts_assignee_created_idx" ON "contacts" USING btree ("tenant_id","assigned_to","stage","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_archived","pipeline_status","deal_amount");--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"stage","is_archived","assigned_to");--> statement-breakpoint
CREATE INDEX "contact_deal_products_product_idx" ON "contact_deal_products" USING btree ("tenant_id","product_id","contact_id");