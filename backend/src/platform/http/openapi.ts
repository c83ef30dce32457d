import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_CODES } from '@crm/common';
import { getRouteDoc } from './route-docs.js';
import { isPublicRoute, isSuperRoute, requiredPermission } from '../auth/auth.decorators.js';

const failure = z.object({
  ok: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  field: z.string().optional(),
  /** validation_failed: the first problem of each refused field, for a form to word by field. */
  issues: z
    .array(
      z.object({
        field: z.string(),
        issue: z.string(),
        minimum: z.number().optional(),
        maximum: z.number().optional(),
        origin: z.string().optional(),
        format: z.string().optional(),
      }),
    )
    .optional(),
});

/**
 * Builds the OpenAPI document from the controllers Nest discovered and the zod schemas their
 * handlers validate with, so the document cannot drift from what the server accepts.
 */
export function buildOpenApiDocument(discovery: DiscoveryService, prefix: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'tenant', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'super', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });

  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!controller) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const tag = base.split('/').filter(Boolean)[0] ?? 'root';
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = controller.prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (method === undefined || path === undefined) continue;
      const doc = getRouteDoc(handler) ?? {};
      const fullPath =
        '/' +
        [prefix, base, path]
          .map((p) => p.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/');
      const isPublic = isPublicRoute(handler, controller);
      const security = isPublic ? [] : [{ [isSuperRoute(handler, controller) ? 'super' : 'tenant']: [] }];
      // which entry of the permission table guards the route (absent: any signed-in user of the audience)
      const permission = requiredPermission(handler, controller);
      const extensions = permission ? { 'x-permission': permission } : {};
      const responseContent = doc.binary
        ? { [doc.binary]: { schema: { type: 'string', format: 'binary' } } }
        : { 'application/json': { schema: z.object({ ok: z.literal(true), data: doc.response ?? z.unknown() }) } };
      try {
        registry.registerPath({
          method: RequestMethod[method].toLowerCase() as 'get',
          path: fullPath.replace(/:(\w+)/g, '{$1}'),
          tags: [tag],
          summary: doc.summary,
          security,
          ...extensions,
          request: {
            params: doc.params as z.ZodObject | undefined,
            query: doc.query as z.ZodObject | undefined,
            body: doc.body
              ? { content: { 'application/json': { schema: doc.body } } }
              : doc.multipart
                ? { content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } } }
                : undefined,
          },
          responses: {
            200: { description: 'Success', content: responseContent as never },
            default: { description: 'Failure', content: { 'application/json': { schema: failure } } },
          },
        });
      } catch {
        registry.registerPath({
          method: RequestMethod[method].toLowerCase() as 'get',
          path: fullPath.replace(/:(\w+)/g, '{$1}'),
          tags: [tag],
          summary: doc.summary,
          responses: { 200: { description: 'Success' } },
        });
      }
    }
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'WhatsApp CRM API', version: '1.0.0', description: 'Envelope: { ok: true, data } or { ok: false, error, code, params? }.' },
    servers: [{ url: '/' }],
  });
}
