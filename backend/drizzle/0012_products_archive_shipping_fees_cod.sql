CREATE TABLE "shipping_governorate_fees" (
	"tenant_id" uuid NOT NULL,
	"shipping_company_id" uuid NOT NULL,
	"governorate" text NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	CONSTRAINT "shipping_governorate_fees_shipping_company_id_governorate_pk" PRIMARY KEY("shipping_company_id","governorate")
);
--> statement-breakpoint
ALTER TABLE "shipping_governorate_fees" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "products_tenant_sku_unique";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "cod_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "cod_collected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_governorate_fees" ADD CONSTRAINT "shipping_governorate_fees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_governorate_fees" ADD CONSTRAINT "shipping_governorate_fees_shipping_company_id_shipping_companies_id_fk" FOREIGN KEY ("shipping_company_id") REFERENCES "public"."shipping_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_shipping_company_idx" ON "contacts" USING btree ("tenant_id","shipping_company_id","shipping_status");--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_sku_active_unique" ON "products" USING btree ("tenant_id",lower("sku")) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "shipping_governorate_fees_tenant_isolation" ON "shipping_governorate_fees" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "shipping_governorate_fees_platform_access" ON "shipping_governorate_fees" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);