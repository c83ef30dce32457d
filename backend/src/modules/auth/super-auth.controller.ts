import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { loginRequestSchema, messageResultSchema, platformAdminSchema, superLoginResponseSchema, type LoginRequest } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, Public, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { AuthService } from './auth.service.js';
import { originOf } from './auth.controller.js';

@Controller('super')
@SuperRoute()
export class SuperAuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiDoc({ summary: 'Super administrator sign-in', response: superLoginResponseSchema })
  login(@ValidBody(loginRequestSchema) body: LoginRequest, @Req() req: Request) {
    return this.auth.superLogin(body, originOf(req));
  }

  @Get('me')
  @ApiDoc({ summary: 'The signed-in super administrator', response: platformAdminSchema })
  me(@CurrentSuperAdmin() actor: SuperActor) {
    return { _id: actor.adminId, name: actor.name, email: actor.email, role: 'super' as const };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiDoc({ summary: 'End the super administrator session', response: messageResultSchema })
  logout(@CurrentSuperAdmin() actor: SuperActor) {
    return this.auth.superLogout(actor);
  }
}
