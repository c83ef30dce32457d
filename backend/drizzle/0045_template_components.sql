ALTER TABLE "whatsapp_cloud_templates" ADD COLUMN "header" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_templates" ADD COLUMN "buttons" jsonb DEFAULT '[]'::jsonb NOT NULL;