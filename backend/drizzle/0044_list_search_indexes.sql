DROP INDEX "contacts_won_created_idx";--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_won_created_idx" ON "contacts" USING btree ("tenant_id","created_at","assigned_to","deal_amount","id","pipeline_status") WHERE "contacts"."stage" = 'sales' and "contacts"."pipeline_status" = 'won';--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("tenant_id","stage","assigned_to","search_text" gin_trgm_ops);