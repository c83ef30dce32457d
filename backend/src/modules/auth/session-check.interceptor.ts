import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable, mergeMap } from 'rxjs';
import { requestChecks, SessionCheckRefused, type DeferredSessionCheck } from '../../platform/auth/deferred-session-check.js';

/**
 * Serves a read request whose session check the guard deferred: the handler runs with the check
 * where its first tenant transaction takes it (Database.tenant), and it answers only once the check
 * passed there, or on its own. Nothing of a refused request is sent but the 401.
 */
@Injectable()
export class SessionCheckInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const check = context.switchToHttp().getRequest<{ sessionCheck?: DeferredSessionCheck }>().sessionCheck;
    if (!check) return next.handle();
    return new Observable((subscriber) =>
      // the handler is called on subscription: inside run(), everything it awaits sees the check
      requestChecks.run({ check }, () =>
        next
          .handle()
          .pipe(
            mergeMap(async (value: unknown) => {
              await check.settled;
              if (!check.passed) await checkAlone(check);
              return value;
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}

async function checkAlone(check: DeferredSessionCheck): Promise<void> {
  check.taken = true;
  try {
    await check.alone();
  } catch (error) {
    throw error instanceof SessionCheckRefused ? await check.refusal() : error;
  }
}
