import express, { type Express, type Request } from 'express';

/** Meta's documented maximum for one webhook delivery (3 MB), on this route whichever way it is served. */
export const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

export type WebhookRequest = Request & { rawBody?: Buffer };

/**
 * Reads the bodies of Meta's webhooks before the app's own parsers (which then leave them alone:
 * the request is read): the exact bytes, since the signature is over them, and nothing more. The
 * JSON is parsed once, by the processing after the delivery is stored; parsing it here too cost
 * every request a parse (and a copy of the bytes) before even its signature was checked. A delivery
 * may also be far larger than the app's usual limit.
 */
export function readWebhookBodies(http: Express) {
  const read = express.raw({ limit: WEBHOOK_BODY_LIMIT, type: () => true });
  // wrapped under another name: Nest skips its own JSON parser when it finds a layer named jsonParser
  http.use('/api/webhooks/whatsapp', function whatsAppWebhookBody(req, res, next) {
    read(req, res, (err?: unknown) => {
      if (Buffer.isBuffer(req.body)) (req as WebhookRequest).rawBody = req.body;
      next(err);
    });
  });
}
