import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { createWhatsAppAccountSchema, messageResultSchema, whatsAppAccountSchema, whatsAppStatusSchema, type CreateWhatsAppAccountRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { WA_TEXTS, WhatsAppSessions } from './whatsapp-sessions.service.js';

/** The company's WhatsApp connection (spec/core.md §7). The tenant is always the caller's. */
@Controller('whatsapp')
export class WhatsAppController {
  constructor(private readonly sessions: WhatsAppSessions) {}

  @Post('accounts')
  @HttpCode(200)
  @ApiDoc({ summary: "Creates the company's WhatsApp account (one per company; idempotent)", response: whatsAppAccountSchema })
  createAccount(@CurrentUser() actor: TenantActor, @ValidBody(createWhatsAppAccountSchema) body: CreateWhatsAppAccountRequest) {
    return this.sessions.createAccount(actor.tenantId, body.name);
  }

  @Post('start')
  @HttpCode(200)
  @ApiDoc({ summary: 'Starts the session; the QR (state scan) and the connection follow as wa:status events', response: whatsAppStatusSchema })
  start(@CurrentUser() actor: TenantActor) {
    return this.sessions.start(actor.tenantId);
  }

  @Get('status')
  @ApiDoc({ summary: "The session's status (cached per company), as wa:status carries it", response: whatsAppStatusSchema })
  status(@CurrentUser() actor: TenantActor) {
    return this.sessions.status(actor.tenantId);
  }

  @Delete('session')
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: 'Logs out and forgets the session (admins); a new QR scan is needed', response: messageResultSchema })
  async deleteSession(@CurrentUser() actor: TenantActor) {
    await this.sessions.logout(actor.tenantId);
    return { message: WA_TEXTS.deleted };
  }
}
