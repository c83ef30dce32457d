import { Controller, Get, Put } from '@nestjs/common';
import { sendingSettingsInputSchema, sendingSettingsSchema, type SendingSettingsInput } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { SendingSettingsService } from './sending-settings.service.js';

const viewSchema = sendingSettingsSchema.and(z.object({ today: z.object({ limit: z.number(), sent: z.number() }) }));

/** Settings → Sending (admins). */
@Controller('settings/sending')
@RequirePermission('campaigns.manage')
export class SendingSettingsController {
  constructor(private readonly settings: SendingSettingsService) {}

  @Get()
  @ApiDoc({ summary: "The company's pacing of automated messages, opt-out keywords, and today's limit and sends", response: viewSchema })
  get(@CurrentUser() actor: TenantActor) {
    return this.settings.get(actor);
  }

  @Put()
  @ApiDoc({ summary: 'Saves the sending settings (restartWarmUp: the warm-up starts again today)', response: viewSchema })
  update(@CurrentUser() actor: TenantActor, @ValidBody(sendingSettingsInputSchema) body: SendingSettingsInput) {
    return this.settings.update(actor, body);
  }
}
