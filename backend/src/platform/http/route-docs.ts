import { Body, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { ZodValidationPipe, type TextPolicy } from './zod-validation.pipe.js';

/** What the OpenAPI document says about one handler; filled by the decorators below. */
export type RouteDoc = {
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  multipart?: boolean;
  binary?: string;
};

const ROUTE_DOC = Symbol('route-doc');

export function getRouteDoc(handler: object): RouteDoc | undefined {
  return Reflect.getMetadata(ROUTE_DOC, handler);
}

function addRouteDoc(handler: object, doc: RouteDoc) {
  Reflect.defineMetadata(ROUTE_DOC, { ...getRouteDoc(handler), ...doc }, handler);
}

/**
 * Validates the JSON body with the schema and documents it. Text PostgreSQL cannot store is
 * refused (400) unless `text: 'raw'` says the route relays what WhatsApp sent (see TextPolicy).
 */
export function ValidBody(schema: z.ZodType, options: { text?: Extract<TextPolicy, 'refuse' | 'raw'> } = {}): ParameterDecorator {
  return (target, key, index) => {
    Body(new ZodValidationPipe(schema, options.text ?? 'refuse'))(target, key, index);
    addRouteDoc((target as Record<string | symbol, object>)[key!], { body: schema });
  };
}

/** Validates the query string with the schema and documents it; text PostgreSQL cannot store is dropped (a search for NUL finds what a search for nothing finds). */
export function ValidQuery(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Query(new ZodValidationPipe(schema, 'strip'))(target, key, index);
    addRouteDoc((target as Record<string | symbol, object>)[key!], { query: schema });
  };
}

/** Validates the path parameters with the schema and documents them. */
export function ValidParams(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Param(new ZodValidationPipe(schema))(target, key, index);
    addRouteDoc((target as Record<string | symbol, object>)[key!], { params: schema });
  };
}

/** Documents what `data` holds in a successful answer. */
export function ApiDoc(doc: Omit<RouteDoc, 'body' | 'query' | 'params'>): MethodDecorator {
  return (_target, _key, descriptor) => {
    addRouteDoc(descriptor.value as object, doc);
  };
}
