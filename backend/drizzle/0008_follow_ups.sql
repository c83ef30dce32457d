CREATE TABLE "follow_up_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"paused_reason" text,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "follow_up_steps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"step_index" integer NOT NULL,
	"delay_hours" integer NOT NULL,
	"message" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"message_id" uuid,
	"reason" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "follow_up_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_by" uuid,
	"created_by_role" text DEFAULT 'sales' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_template_id_follow_up_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."follow_up_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD CONSTRAINT "follow_up_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_run_id_follow_up_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."follow_up_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_templates" ADD CONSTRAINT "follow_up_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_templates" ADD CONSTRAINT "follow_up_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_runs_one_active_per_contact" ON "follow_up_runs" USING btree ("tenant_id","contact_id") WHERE "follow_up_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "follow_up_runs_contact_idx" ON "follow_up_runs" USING btree ("tenant_id","contact_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follow_up_runs_active_tenant_idx" ON "follow_up_runs" USING btree ("tenant_id") WHERE "follow_up_runs"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_steps_run_step_unique" ON "follow_up_steps" USING btree ("run_id","step_index");--> statement-breakpoint
CREATE INDEX "follow_up_steps_tenant_run_idx" ON "follow_up_steps" USING btree ("tenant_id","run_id");--> statement-breakpoint
CREATE INDEX "follow_up_steps_message_idx" ON "follow_up_steps" USING btree ("tenant_id","message_id") WHERE "follow_up_steps"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "follow_up_steps_open_due_idx" ON "follow_up_steps" USING btree ("due_at") WHERE "follow_up_steps"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "follow_up_templates_tenant_name_idx" ON "follow_up_templates" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE POLICY "follow_up_runs_tenant_isolation" ON "follow_up_runs" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "follow_up_runs_platform_access" ON "follow_up_runs" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "follow_up_steps_tenant_isolation" ON "follow_up_steps" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "follow_up_steps_platform_access" ON "follow_up_steps" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "follow_up_templates_tenant_isolation" ON "follow_up_templates" AS PERMISSIVE FOR ALL TO "crm_app" USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "follow_up_templates_platform_access" ON "follow_up_templates" AS PERMISSIVE FOR ALL TO "crm_platform" USING (true) WITH CHECK (true);