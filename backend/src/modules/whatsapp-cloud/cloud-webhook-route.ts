import { Injectable, Logger, PayloadTooLargeException } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { ApiError } from '../../platform/http/api-error.js';
import { errorAnswer } from '../../platform/http/error.filter.js';
import { BodyTooLargeError, hasBody, readBody, sendJson } from '../../platform/http/raw-routes.js';
import { CloudWebhooksService, PHONE_NUMBER_ID } from './cloud-webhooks.service.js';
import { WEBHOOK_BODY_LIMIT } from './webhook-body.js';

const PATH = '/api/webhooks/whatsapp/';
const OK = { ok: true, data: null };

/** A request this route serves: a delivery (POST), or the subscription check (GET) with its query. */
export type WebhookClaim = { phoneNumberId: string; verify?: { mode?: string; token?: string; challenge?: string } };

/**
 * Meta's webhooks (`/api/webhooks/whatsapp/:phoneNumberId`, GET and POST) served ahead of Express and
 * Nest (serveAheadOfApp), with CloudWebhooksController's answers: at 2,000 deliveries a second the
 * router, guards, pipes, interceptors and per-request logger cost several times the delivery itself.
 * Only the plain requests Meta sends are taken; anything unusual (an Origin, a compressed body, a
 * query the controller's validation would refuse, a path that is not exactly the route's) is left
 * to the controller, which answers it as it always has. The controller also keeps the OpenAPI docs.
 */
@Injectable()
export class CloudWebhookRoute {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly webhooks: CloudWebhooksService) {}

  /** What the request asks of this route, or undefined to leave it to the app. */
  claim(req: IncomingMessage): WebhookClaim | undefined {
    const url = req.url ?? '';
    if (!url.startsWith(PATH)) return undefined;
    const q = url.indexOf('?', PATH.length);
    const phoneNumberId = url.slice(PATH.length, q < 0 ? undefined : q);
    if (!PHONE_NUMBER_ID.test(phoneNumberId)) return undefined;
    // CORS headers and decompression are Express's (and no part of what Meta sends)
    if (req.headers.origin !== undefined || req.headers['content-encoding'] !== undefined) return undefined;
    if (req.method === 'POST') return { phoneNumberId };
    if (req.method !== 'GET' || hasBody(req)) return undefined;
    const query = parseQuery(q < 0 ? '' : url.slice(q + 1));
    const [mode, token, challenge] = [query['hub.mode'], query['hub.verify_token'], query['hub.challenge']];
    if (Array.isArray(mode) || Array.isArray(token) || Array.isArray(challenge) || (challenge?.length ?? 0) > 1000) return undefined;
    return { phoneNumberId, verify: { mode, token, challenge } };
  }

  async serve(req: IncomingMessage & { id?: unknown }, res: ServerResponse, claim: WebhookClaim): Promise<void> {
    try {
      if (claim.verify) {
        const { mode, token, challenge } = claim.verify;
        const answer = await this.webhooks.verify(claim.phoneNumberId, mode, token, challenge);
        if (answer === null) throw ApiError.forbidden('The verify token does not match.');
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(answer));
        res.end(answer);
        return;
      }
      const body = hasBody(req) ? await readBody(req, WEBHOOK_BODY_LIMIT) : undefined;
      const signature = req.headers['x-hub-signature-256'];
      await this.webhooks.receive(claim.phoneNumberId, body, typeof signature === 'string' ? signature : undefined);
      sendJson(res, 200, OK);
    } catch (err) {
      // Meta gone before the answer (or it was sent): nothing to say
      if (res.headersSent || req.socket.destroyed) return;
      // the rest of an oversized body is never read: the connection cannot carry another request
      const tooLarge = err instanceof BodyTooLargeError;
      const answer = errorAnswer(tooLarge ? new PayloadTooLargeException() : err, req.id === undefined ? undefined : String(req.id), req.url, this.logger);
      sendJson(res, answer.status, answer.body, { headers: answer.headers, close: tooLarge });
    }
  }
}
