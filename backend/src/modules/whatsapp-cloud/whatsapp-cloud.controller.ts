import { Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { z } from 'zod';
import { whatsAppCloudConnectionSchema, whatsAppCloudSettingsSchema, type WhatsAppCloudSettingsRequest } from '@crm/common';
import type { Request } from 'express';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { WhatsAppCloudService } from './whatsapp-cloud.service.js';

/** Where this server was reached (behind a trusted proxy: its forwarded scheme and host): the webhook URL's base without PUBLIC_URL. */
const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

/**
 * The company's connection to Meta's official WhatsApp Cloud API. Admins only (the permission
 * that links the company's WhatsApp): the settings hold the company's Meta credentials.
 */
@Controller('whatsapp/cloud')
@RequirePermission('whatsapp.session.manage')
export class WhatsAppCloudController {
  constructor(private readonly cloud: WhatsAppCloudService) {}

  @Get()
  @ApiDoc({ summary: "The company's Cloud API connection (admins): IDs, masked secrets, the webhook URL for Meta, its state", response: whatsAppCloudConnectionSchema })
  get(@CurrentUser() actor: TenantActor, @Req() req: Request) {
    return this.cloud.get(actor, originOf(req));
  }

  @Put()
  @ApiDoc({ summary: 'Sets the Cloud API connection (admins); the secrets are stored encrypted and never answered; untested until tested', response: whatsAppCloudConnectionSchema })
  save(@CurrentUser() actor: TenantActor, @ValidBody(whatsAppCloudSettingsSchema) body: WhatsAppCloudSettingsRequest, @Req() req: Request) {
    return this.cloud.save(actor, body, originOf(req));
  }

  @Delete()
  @ApiDoc({ summary: 'Removes the Cloud API connection and its secrets (admins)', response: z.object({ deleted: z.boolean() }) })
  remove(@CurrentUser() actor: TenantActor) {
    return this.cloud.remove(actor);
  }

  @Post('test')
  @HttpCode(200)
  @ApiDoc({
    summary: "Test connection (admins): reads the phone number from Meta's Graph API with the stored token; connected, or needs_attention with a reason code",
    response: whatsAppCloudConnectionSchema,
  })
  test(@CurrentUser() actor: TenantActor, @Req() req: Request) {
    return this.cloud.test(actor, originOf(req));
  }
}
