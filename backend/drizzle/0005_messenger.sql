ALTER TABLE "messages" ADD COLUMN "error_retryable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tenant_client_id_unique" ON "messages" USING btree ("tenant_id","client_id") WHERE "messages"."client_id" is not null;