import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, defaultCode } from './api-error.js';

const GENERIC = 'An unexpected error occurred. Please try again.';

/** Turns every failure into `{ ok: false, error, code, params?, field?, issues? }` with a real status; unknown errors are logged, never shown. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const answer = errorAnswer(exception, req.id ? String(req.id) : undefined, req.url, this.logger);
    for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
    res.status(answer.status).json(answer.body);
  }
}

/**
 * The status, headers and `{ ok: false, … }` body a failure is answered with; an unknown error is
 * logged (with the request's id and path), never shown. Routes served ahead of Nest answer with it too.
 */
export function errorAnswer(exception: unknown, requestId: string | undefined, path: string | undefined, logger: Pick<Logger, 'error'>) {
  if (exception instanceof ApiError) {
    return {
      status: exception.getStatus(),
      headers: exception.headers,
      body: { ok: false, error: exception.message, code: exception.code, params: exception.params, field: exception.field, issues: exception.issues },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, headers: {}, body: { ok: false, error: httpMessage(exception, status), code: defaultCode(status) } };
  }
  logger.error({ err: exception, requestId, path }, 'Unhandled error');
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, headers: {}, body: { ok: false, error: GENERIC, code: 'internal_error', requestId } };
}

function httpMessage(exception: HttpException, status: number): string {
  if (status === HttpStatus.NOT_FOUND) return 'Not found.';
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) return 'The request is too large.';
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0]);
  if (typeof message === 'string') return message;
  return exception.message;
}
