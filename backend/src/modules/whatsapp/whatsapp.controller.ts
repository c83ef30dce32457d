import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { createWhatsAppAccountSchema, messageResultSchema, whatsAppAccountSchema, whatsAppStatusSchema, type CreateWhatsAppAccountRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';
import { WA_TEXTS } from './whatsapp-status.js';

/**
 * The company's WhatsApp connection. The tenant is always the caller's. Linking it
 * (account, start, the QR) and logging it out are for the users whose role holds
 * `whatsapp.session.manage` (admins): whoever scans the QR links their phone as the company's.
 * Everyone else reads the state, without the QR.
 */
@Controller('whatsapp')
export class WhatsAppController {
  constructor(private readonly sessions: WhatsAppSessionsService) {}

  @Post('accounts')
  @HttpCode(200)
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: "Creates the company's WhatsApp account (admins; one per company; idempotent)", response: whatsAppAccountSchema })
  createAccount(@CurrentUser() actor: TenantActor, @ValidBody(createWhatsAppAccountSchema) body: CreateWhatsAppAccountRequest) {
    return this.sessions.createAccount(actor.tenantId, body.name);
  }

  @Post('start')
  @HttpCode(200)
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: 'Starts the session (admins); the QR (state scan) and the connection follow as wa:status events', response: whatsAppStatusSchema })
  start(@CurrentUser() actor: TenantActor) {
    return this.sessions.start(actor.tenantId);
  }

  @Get('status')
  @ApiDoc({ summary: "The session's status (cached per company), as wa:status carries it; the QR image only for admins (whatsapp.session.manage), null for others", response: whatsAppStatusSchema })
  status(@CurrentUser() actor: TenantActor) {
    return this.sessions.statusFor(actor);
  }

  @Delete('session')
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: 'Logs out and forgets the session (admins); a new QR scan is needed', response: messageResultSchema })
  async deleteSession(@CurrentUser() actor: TenantActor) {
    await this.sessions.logout(actor.tenantId);
    return { message: WA_TEXTS.deleted };
  }
}
