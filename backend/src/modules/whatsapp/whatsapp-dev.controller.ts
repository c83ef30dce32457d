import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  devDisconnectSchema,
  devInboundSchema,
  devRevokeSchema,
  mediaMessageType,
  messageSchema,
  normalizePhone,
  whatsAppIdFromPhone,
  whatsAppStatusSchema,
  type DevDisconnectRequest,
  type DevInboundRequest,
  type DevRevokeRequest,
} from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { SimulatorDriver } from './drivers/simulator.driver.js';
import type { InboundResult } from './whatsapp-event-sink.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';
import { WHATSAPP_DRIVER } from './whatsapp-driver.js';

const inboundResultSchema = z.object({
  status: z.enum(['stored', 'duplicate']),
  contactId: z.string(),
  messageId: z.string(),
  message: messageSchema.optional(),
});

const sentSchema = z.array(
  z.object({
    waMessageId: z.string(),
    chatId: z.string(),
    body: z.string().nullable(),
    at: z.string(),
  }),
);

/**
 * The simulated phone's controls, for demos and tests. Inbound text is taken as WhatsApp would
 * deliver it (`text: 'raw'`, NUL included): the inbound path makes it storable for every driver. Registered only when the simulator driver
 * is active: with the real driver these paths do not exist (404). Acts on the caller's company.
 *
 * Two kinds of route, two permissions. `connect-now` and `disconnect` act on the company's
 * WhatsApp session (linking it, or dropping / logging it out), so they follow the rule of
 * `DELETE /whatsapp/session`: admins only. `inbound` and `revoke` play the customer's phone (a
 * message arrives, the customer deletes one): nobody in the company controls that phone, they
 * change nothing a rep could not already see arrive, and demos and browser tests drive them
 * while signed in as any staff member, so every signed-in user of the company may use them.
 * `sent` reads the phone's outbox, every rep's conversations in it: admins only. With several
 * instances it answers only on the one running the session, which is what tests of routing use.
 */
@Controller('dev/whatsapp')
export class WhatsAppDevController {
  constructor(
    @Inject(WHATSAPP_DRIVER) private readonly simulator: SimulatorDriver,
    private readonly sessions: WhatsAppSessionsService,
  ) {}

  @Post('inbound')
  @HttpCode(200)
  @ApiDoc({ summary: '[simulator] A message from a contact arrives (from, name, body, media)', response: inboundResultSchema })
  inbound(@CurrentUser() actor: TenantActor, @ValidBody(devInboundSchema, { text: 'raw' }) body: DevInboundRequest): Promise<InboundResult> {
    const from = toWhatsAppId(body.from);
    const media = body.media ? { data: Buffer.from(body.media.base64, 'base64'), mime: body.media.mimeType, fileName: body.media.fileName } : undefined;
    if (media && media.data.length === 0) throw ApiError.badRequest('media.base64 is not valid base64', 'media.base64');
    return this.simulator.injectInbound(actor.tenantId, {
      id: body.id,
      from,
      phoneId: from.endsWith('@c.us') ? from : undefined,
      lid: body.lid ? toWhatsAppId(body.lid) : from.endsWith('@lid') ? from : undefined,
      profileName: body.name,
      body: body.body,
      type: media ? mediaMessageType(media.mime, { voice: body.voice }) : 'text',
      media,
    }) as Promise<InboundResult>;
  }

  @Post('connect-now')
  @HttpCode(200)
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: '[simulator] The QR is scanned now', response: whatsAppStatusSchema })
  connectNow(@CurrentUser() actor: TenantActor) {
    this.simulator.connectNow(actor.tenantId);
    return this.sessions.statusFor(actor);
  }

  @Post('disconnect')
  @HttpCode(200)
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: '[simulator] The session stops answering (silent), drops (drop) or is logged out from the phone (logout)', response: whatsAppStatusSchema })
  disconnect(@CurrentUser() actor: TenantActor, @ValidBody(devDisconnectSchema) body: DevDisconnectRequest) {
    this.simulator.simulateDisconnect(actor.tenantId, body.mode);
    return this.sessions.statusFor(actor);
  }

  @Get('sent')
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({
    summary:
      "[simulator] What this instance's session of the company has sent, oldest first (body: the text or caption); 409 whatsapp.not_started when this instance runs no session (another instance owns it)",
    response: sentSchema,
  })
  sent(@CurrentUser() actor: TenantActor): z.infer<typeof sentSchema> {
    return this.simulator.sentBy(actor.tenantId).map((s) => ({
      waMessageId: s.id,
      chatId: s.chatId,
      body: s.content.kind === 'text' ? s.content.body : (s.content.caption ?? null),
      at: new Date(s.at).toISOString(),
    }));
  }

  @Post('revoke')
  @HttpCode(200)
  @ApiDoc({ summary: '[simulator] The contact deletes a message for everyone (WhatsApp id)', response: z.object({ ok: z.boolean() }) })
  revoke(@CurrentUser() actor: TenantActor, @ValidBody(devRevokeSchema, { text: 'raw' }) body: DevRevokeRequest) {
    this.simulator.revoke(actor.tenantId, body.id);
    return { ok: true };
  }
}

function toWhatsAppId(value: string): string {
  if (/@(c\.us|lid)$/.test(value)) return value;
  const phone = normalizePhone(value);
  if (!phone.ok) throw ApiError.badRequest(phone.error, 'from').withCode('contact.phone_invalid');
  return whatsAppIdFromPhone(phone.e164);
}
