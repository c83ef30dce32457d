import { Controller, Get, Put } from '@nestjs/common';
import { orderConfirmationSettingsInputSchema, orderConfirmationSettingsSchema, type OrderConfirmationSettingsInput } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { OrderConfirmationSettingsService } from './order-confirmation-settings.service.js';

/** Settings → Sending's cash-on-delivery confirmation card (admins). */
@Controller('settings/order-confirmation')
@RequirePermission('order-confirmations.manage')
export class OrderConfirmationSettingsController {
  constructor(private readonly settings: OrderConfirmationSettingsService) {}

  @Get()
  @ApiDoc({ summary: 'The cash-on-delivery confirmation settings', response: orderConfirmationSettingsSchema })
  get(@CurrentUser() actor: TenantActor) {
    return this.settings.get(actor);
  }

  @Put()
  @ApiDoc({ summary: 'Saves the cash-on-delivery confirmation settings', response: orderConfirmationSettingsSchema })
  update(@CurrentUser() actor: TenantActor, @ValidBody(orderConfirmationSettingsInputSchema) body: OrderConfirmationSettingsInput) {
    return this.settings.update(actor, body);
  }
}
