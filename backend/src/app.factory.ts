import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Express } from 'express';
import { AppModule, type AppOptions } from './app.module.js';
import type { AppConfig } from './platform/config/config.js';
import { findRendererDir, serveRenderer } from './platform/http/renderer.js';
import { OriginPolicy } from './platform/http/origin-policy.js';
import { logWhenAnswered, serveAheadOfApp } from './platform/http/raw-routes.js';
import { OriginCheckedIoAdapter } from './platform/realtime/origin-checked-io.adapter.js';
import { readWebhookBodies } from './modules/whatsapp-cloud/webhook-body.js';
import { CloudWebhookRoute } from './modules/whatsapp-cloud/cloud-webhook-route.js';

const EXPOSED_HEADERS = ['Retry-After', 'Content-Disposition', 'X-Request-Id'];
/**
 * How long an idle connection is kept open. Longer than the idle time of the clients that reuse
 * theirs (4 s for Node's fetch, 60 s for the usual load balancers): closed first by the server, a
 * connection a client is just reusing gets its request refused (ECONNRESET, lost to Meta's retry at best).
 */
const KEEP_ALIVE_MS = 65_000;
/**
 * Connections waiting to be accepted (the kernel's cap, somaxconn, applies). Node's 511 overflowed
 * under Meta's bursts of new connections: the kernel then drops the connection attempts, and a
 * client tries again only 1, 3, 7, 15… seconds later, whatever the server's load by then.
 */
const LISTEN_BACKLOG = 4096;

/** Builds the whole backend (HTTP API under /api, Socket.IO, the web app at /); used by main and tests. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<NestExpressApplication> {
  const origins = new OriginPolicy(config.corsOrigins, config.trustProxy);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    bufferLogs: true,
    // only allowed origins are named in Access-Control-Allow-Origin; any other gets no CORS headers
    cors: (req, callback) => callback(null, { origin: origins.allows(req) && req.headers.origin ? req.headers.origin : false, exposedHeaders: EXPOSED_HEADERS }),
  });
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // above the keep-alive: a request arriving on a connection just reused must not be cut by the headers' clock
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
  app.useWebSocketAdapter(new OriginCheckedIoAdapter(app, origins));
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();

  const http = app.getHttpAdapter().getInstance() as Express;
  http.use(securityHeaders);
  http.use(assignRequestId);
  readWebhookBodies(http);
  serveRenderer(http, findRendererDir(config.rendererDir));
  await app.init();
  // Meta's webhooks, the hottest route by far, skip Express and Nest (with the same headers, request id and access log)
  const webhooks = app.get(CloudWebhookRoute);
  serveAheadOfApp(server, (req, res) => {
    const claim = webhooks.claim(req);
    if (!claim) return false;
    securityHeaders(req, res, noop);
    assignRequestId(req, res, noop);
    logWhenAnswered(req, res);
    void webhooks.serve(req, res, claim);
    return true;
  });
  return app;
}

/** Starts taking connections (main, benchmarks), with room for bursts of new ones (LISTEN_BACKLOG). */
export function listen(app: NestExpressApplication, port: number, host: string): Promise<Server> {
  // Nest hands every argument to the server's listen(port, host, backlog); its types know only port and host
  const listenWithBacklog = app.listen as unknown as (this: NestExpressApplication, port: number, host: string, backlog: number) => Promise<Server>;
  return listenWithBacklog.call(app, port, host, LISTEN_BACKLOG);
}

/** Every request gets an id (the caller's X-Request-Id if sane), echoed back and carried by every log line. */
function assignRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void) {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', String(req.id));
  next();
}

function securityHeaders(_req: IncomingMessage, res: ServerResponse, next: () => void) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  next();
}

function noop() {}
