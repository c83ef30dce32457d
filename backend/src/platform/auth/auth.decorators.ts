import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@crm/common';
import type { SuperActor, TenantActor } from './actor.js';

const PUBLIC = 'auth:public';
const SUPER = 'auth:super';
const ROLES = 'auth:roles';

/** No token needed (health, login). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Only a platform super administrator's token is accepted; tenant tokens are refused. */
export const SuperRoute = () => SetMetadata(SUPER, true);
/** Only tenant users with one of these roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

type Target = object;
const read = <T>(key: string, handler: Target, controller: Target): T | undefined =>
  Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);

export const isPublicRoute = (handler: Target, controller: Target) => read<boolean>(PUBLIC, handler, controller) === true;
export const isSuperRoute = (handler: Target, controller: Target) => read<boolean>(SUPER, handler, controller) === true;
export const requiredRoles = (handler: Target, controller: Target) => read<Role[]>(ROLES, handler, controller);

/** The signed-in tenant user of this request. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): TenantActor => {
  const actor = ctx.switchToHttp().getRequest().actor;
  if (actor?.kind !== 'tenant') throw new Error('CurrentUser used on a route without tenant auth');
  return actor;
});

/** The signed-in super administrator of this request. */
export const CurrentSuperAdmin = createParamDecorator((_: unknown, ctx: ExecutionContext): SuperActor => {
  const actor = ctx.switchToHttp().getRequest().actor;
  if (actor?.kind !== 'super') throw new Error('CurrentSuperAdmin used on a route without super auth');
  return actor;
});
