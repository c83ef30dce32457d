import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorCode, ErrorParams, ValidationIssue } from '@crm/common';

/**
 * An error whose text is meant for the user; `field` names the input it is about. Every one carries a
 * stable `code` (a generic one from its factory, or a domain code set with `withCode`) that the
 * renderer translates; the English `message` stays for API users.
 */
export class ApiError extends HttpException {
  code: ErrorCode;
  params?: ErrorParams;
  /** With validation_failed: what each refused field got wrong (see ValidationIssue). */
  issues?: ValidationIssue[];

  constructor(
    status: HttpStatus,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    code: ErrorCode = defaultCode(status),
  ) {
    super(message, status);
    this.code = code;
  }

  /** Names the domain rule this error is about, with the values its text is built from. */
  withCode(code: ErrorCode, params?: ErrorParams): this {
    this.code = code;
    if (params) this.params = params;
    return this;
  }

  /** The refused fields of a validation failure, for a form to word next to each. */
  withIssues(issues: ValidationIssue[]): this {
    this.issues = issues;
    return this;
  }

  static badRequest(message: string, field?: string) {
    return new ApiError(HttpStatus.BAD_REQUEST, message, field);
  }
  static unauthorized(message = 'Please sign in again.') {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
  static forbidden(message = 'You do not have permission to do this.') {
    return new ApiError(HttpStatus.FORBIDDEN, message);
  }
  static notFound(message = 'Not found.') {
    return new ApiError(HttpStatus.NOT_FOUND, message);
  }
  static conflict(message: string, field?: string) {
    return new ApiError(HttpStatus.CONFLICT, message, field);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

/** The generic code of an HTTP status, for errors that name no domain rule. */
export function defaultCode(status: number): ErrorCode {
  switch (status) {
    case HttpStatus.BAD_REQUEST:
      return 'invalid_input';
    case HttpStatus.UNAUTHORIZED:
      return 'unauthorized';
    case HttpStatus.FORBIDDEN:
      return 'forbidden';
    case HttpStatus.NOT_FOUND:
      return 'not_found';
    case HttpStatus.CONFLICT:
      return 'conflict';
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return 'payload_too_large';
    case HttpStatus.TOO_MANY_REQUESTS:
      return 'too_many_requests';
    case HttpStatus.SERVICE_UNAVAILABLE:
      return 'server_busy';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_input';
  }
}
