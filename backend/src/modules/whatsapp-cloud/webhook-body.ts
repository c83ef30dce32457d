import express, { type Express, type Request } from 'express';

/** Meta's documented maximum for one webhook delivery. */
const WEBHOOK_BODY_LIMIT = '3mb';

export type WebhookRequest = Request & { rawBody?: Buffer };

/**
 * Reads the bodies of Meta's webhooks before the app's own JSON parser (which then leaves them
 * alone): the signature is over the exact bytes, so those are kept (`rawBody`), and a delivery may
 * be far larger than the app's usual limit. Only these routes keep a copy of their body.
 */
export function readWebhookBodies(http: Express) {
  const parse = express.json({
    limit: WEBHOOK_BODY_LIMIT,
    verify: (req, _res, buffer) => {
      (req as WebhookRequest).rawBody = Buffer.from(buffer);
    },
  });
  // wrapped under another name: Nest skips its own JSON parser when it finds a layer named jsonParser
  http.use('/api/webhooks/whatsapp', function whatsAppWebhookBody(req, res, next) {
    parse(req, res, next);
  });
}
