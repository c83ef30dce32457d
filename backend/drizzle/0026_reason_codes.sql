ALTER TABLE "follow_up_runs" ADD COLUMN "stop_reason_code" text;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD COLUMN "stop_reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD COLUMN "paused_reason_code" text;--> statement-breakpoint
ALTER TABLE "follow_up_runs" ADD COLUMN "paused_reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "error_params" jsonb;