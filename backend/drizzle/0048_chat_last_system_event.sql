ALTER TABLE "contacts" ADD COLUMN "last_message_system_event" jsonb;--> statement-breakpoint
-- chats whose last message is already a line WhatsApp wrote: the list words it from now on
UPDATE "contacts" c SET "last_message_system_event" = m."system_event"
FROM "messages" m
WHERE m."system_event" IS NOT NULL AND m."tenant_id" = c."tenant_id" AND m."contact_id" = c."id"
  AND m."created_at" = c."last_message_at" AND m."direction" = 'in' AND c."last_message_direction" = 'in';
