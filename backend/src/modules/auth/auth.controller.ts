import { Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { currentUserSchema, loginRequestSchema, loginResponseSchema, messageResultSchema, updatePreferencesSchema, type LoginRequest, type UpdatePreferencesRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, Public } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { AuthService } from './auth.service.js';

export const originOf = (req: Request) => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent']?.slice(0, 500) });

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiDoc({ summary: 'Sign in with email and password', response: loginResponseSchema })
  login(@ValidBody(loginRequestSchema) body: LoginRequest, @Req() req: Request) {
    return this.auth.login(body, originOf(req));
  }

  @Get('me')
  @ApiDoc({ summary: 'The signed-in user, with their language and digits', response: currentUserSchema })
  me(@CurrentUser() actor: TenantActor) {
    return this.auth.me(actor);
  }

  @Patch('me/preferences')
  @ApiDoc({ summary: "Set the signed-in user's own language and digits", response: currentUserSchema })
  updatePreferences(@CurrentUser() actor: TenantActor, @ValidBody(updatePreferencesSchema) body: UpdatePreferencesRequest) {
    return this.auth.updatePreferences(actor, body);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiDoc({ summary: 'End this session; its token stops working at once', response: messageResultSchema })
  logout(@CurrentUser() actor: TenantActor) {
    return this.auth.logout(actor);
  }
}
