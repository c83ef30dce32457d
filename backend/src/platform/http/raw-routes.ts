import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { PinoLogger } from 'nestjs-pino';

/** Takes a request (and answers it) or returns false to leave it to the app behind. */
export type RawRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Puts `route` in front of everything the server answers (Express, Nest, Socket.IO): what it takes
 * never meets Express's router, Nest's guards, pipes and interceptors, nor pino-http's per-request
 * logger, which together cost a hot route (Meta's webhooks) several times its own work. Mounted
 * after the app is initialised, so that it also runs before Socket.IO's listener.
 */
export function serveAheadOfApp(server: Server, route: RawRoute) {
  const app = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (route(req, res)) return;
    for (const listener of app) listener.call(server, req, res);
  });
}

/** A body over its cap, known from its Content-Length or found while reading it. */
export class BodyTooLargeError extends Error {}

/** Whether the request carries a body at all (as body-parser decides: a length or chunked framing). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number.parseInt(req.headers['content-length'] ?? '', 10));
}

/**
 * The body's exact bytes, refused (BodyTooLargeError) without reading it when its Content-Length
 * says it is over `limit`, and as soon as the bytes read pass it otherwise. Rejects when the
 * client goes away before the end.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number.parseInt(req.headers['content-length'] ?? '', 10);
    if (declared > limit) return reject(new BodyTooLargeError());
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        cleanup();
        req.pause();
        return reject(new BodyTooLargeError());
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length));
    };
    const onClose = () => {
      cleanup();
      reject(new Error('the request was aborted'));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}

/**
 * Answers JSON. `close` ends the connection after the answer: for a request whose body was left
 * unread (refused over its size), which could not be told apart from the next request on it.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, options: { headers?: Record<string, string>; close?: boolean } = {}) {
  const text = JSON.stringify(body);
  for (const [k, v] of Object.entries(options.headers ?? {})) res.setHeader(k, v);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  if (options.close) res.shouldKeepAlive = false;
  res.end(text);
}

/**
 * The access log line pino-http writes for the app's routes ("request completed", with the request
 * id, method, URL, status and time), without a child logger per request: nothing at all is done
 * when the level leaves it out.
 */
export function logWhenAnswered(req: IncomingMessage & { id?: unknown }, res: ServerResponse) {
  const logger = PinoLogger.root;
  if (!logger?.isLevelEnabled('info')) return;
  const started = performance.now();
  res.once('finish', () => {
    logger.info(
      {
        req: { id: req.id, method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      },
      'request completed',
    );
  });
}
