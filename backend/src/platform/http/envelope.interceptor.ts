import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

/** Wraps every JSON answer as `{ ok: true, data }`; files stream through untouched. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((data) => (data instanceof StreamableFile ? data : { ok: true, data: data ?? null })));
  }
}
