import { HttpException, HttpStatus } from '@nestjs/common';

/** An error whose text is meant for the user; `field` names the input it is about. */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message, status);
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
