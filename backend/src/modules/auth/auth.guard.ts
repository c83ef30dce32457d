import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { can } from '@crm/common';
import type { Actor } from '../../platform/auth/actor.js';
import type { DeferredSessionCheck } from '../../platform/auth/deferred-session-check.js';
import { bearerToken } from '../../platform/auth/bearer-token.js';
import { isPublicRoute, isSuperRoute, requiredPermission } from '../../platform/auth/auth.decorators.js';
import { ApiError } from '../../platform/http/api-error.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { AuthService } from './auth.service.js';

/**
 * Every route needs a signed-in tenant user unless marked @Public or @SuperRoute. Super routes take
 * only platform tokens and tenant routes only tenant tokens: each audience is refused by the other.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const handler = context.getHandler();
    const controller = context.getClass();
    if (isPublicRoute(handler, controller)) return true;

    const req = context.switchToHttp().getRequest<Request & { actor?: Actor; sessionCheck?: DeferredSessionCheck }>();
    const token = bearerToken(req.headers.authorization);
    if (isSuperRoute(handler, controller)) {
      if (!token) throw ApiError.unauthorized(AUTH_MESSAGES.superRequired).withCode('auth.super_required');
      req.actor = await this.auth.authenticateSuper(token);
      return true;
    }
    if (!token) throw ApiError.unauthorized(AUTH_MESSAGES.signInRequired).withCode('auth.sign_in_required');
    // a read is checked in the round trip of its first transaction (SessionCheckInterceptor)
    const { actor, check } = req.method === 'GET' ? await this.auth.authenticateTenantRead(token) : { actor: await this.auth.authenticateTenant(token) };
    req.actor = actor;
    req.sessionCheck = check;
    const permission = requiredPermission(handler, controller);
    if (permission && !can(actor.role, permission)) {
      throw ApiError.forbidden(AUTH_MESSAGES.adminOnly).withCode('permission_denied', { permission });
    }
    return true;
  }
}
