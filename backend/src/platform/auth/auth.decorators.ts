import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Permission } from '@crm/common';
import type { SuperActor, TenantActor } from './actor.js';

const PUBLIC = 'auth:public';
const SUPER = 'auth:super';
const PERMISSION = 'auth:permission';

/** No token needed (health, login). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Only a platform super administrator's token is accepted; tenant tokens are refused. */
export const SuperRoute = () => SetMetadata(SUPER, true);
/** Only tenant users whose role has this permission in the permission table (common/rules/permissions). */
export const RequirePermission = (permission: Permission) => SetMetadata(PERMISSION, permission);

type Target = object;
const read = <T>(key: string, handler: Target, controller: Target): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);

export const isPublicRoute = (handler: Target, controller: Target) => read<boolean>(PUBLIC, handler, controller) === true;
export const isSuperRoute = (handler: Target, controller: Target) => read<boolean>(SUPER, handler, controller) === true;
export const requiredPermission = (handler: Target, controller: Target) => read<Permission>(PERMISSION, handler, controller);

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
