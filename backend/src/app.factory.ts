import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Express, NextFunction, Request, Response } from 'express';
import { AppModule, type AppOptions } from './app.module.js';
import type { AppConfig } from './platform/config/config.js';
import { findRendererDir, serveRenderer } from './platform/http/renderer.js';
import { OriginPolicy } from './platform/http/origin-policy.js';
import { OriginCheckedIoAdapter } from './platform/realtime/origin-checked-io.adapter.js';
import { readWebhookBodies } from './modules/whatsapp-cloud/webhook-body.js';

const EXPOSED_HEADERS = ['Retry-After', 'Content-Disposition', 'X-Request-Id'];

/** Builds the whole backend (HTTP API under /api, Socket.IO, the web app at /); used by main and tests. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<NestExpressApplication> {
  const origins = new OriginPolicy(config.corsOrigins, config.trustProxy);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    bufferLogs: true,
    // only allowed origins are named in Access-Control-Allow-Origin; any other gets no CORS headers
    cors: (req, callback) => callback(null, { origin: origins.allows(req) && req.headers.origin ? req.headers.origin : false, exposedHeaders: EXPOSED_HEADERS }),
  });
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
  return app;
}

/** Every request gets an id (the caller's X-Request-Id if sane), echoed back and carried by every log line. */
function assignRequestId(req: Request & { id?: unknown }, res: Response, next: NextFunction) {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', String(req.id));
  next();
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  next();
}
