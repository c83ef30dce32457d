ALTER TABLE "notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- hand-written: rows written before codes existed keep their English text; the one kind the
-- server wrote until now (WhatsApp needs a new QR scan: <reason>) gets its code and reason, so it
-- reads in each user's language too. Other texts stay without code (the bell shows `text`).
UPDATE "notifications" SET "code" = 'whatsapp.needs_qr', "params" = jsonb_build_object('reason', CASE "text"
    WHEN 'WhatsApp needs a new QR scan: WhatsApp was logged out from the phone. Scan the QR code again to reconnect.' THEN 'logged_out'
    WHEN 'WhatsApp needs a new QR scan: WhatsApp stopped answering. Scan the QR code again to reconnect.' THEN 'not_answering'
    WHEN 'WhatsApp needs a new QR scan: WhatsApp could not reconnect. Scan the QR code again.' THEN 'reconnect_failed'
    WHEN 'WhatsApp needs a new QR scan: WhatsApp refused the stored session. Scan the QR code again.' THEN 'auth_failure'
  END)
  WHERE "code" IS NULL AND "text" IN (
    'WhatsApp needs a new QR scan: WhatsApp was logged out from the phone. Scan the QR code again to reconnect.',
    'WhatsApp needs a new QR scan: WhatsApp stopped answering. Scan the QR code again to reconnect.',
    'WhatsApp needs a new QR scan: WhatsApp could not reconnect. Scan the QR code again.',
    'WhatsApp needs a new QR scan: WhatsApp refused the stored session. Scan the QR code again.'
  );
