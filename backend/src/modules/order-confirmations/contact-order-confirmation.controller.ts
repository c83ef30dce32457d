import { Controller, Get } from '@nestjs/common';
import { contactOrderConfirmationSchema, idParamSchema } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams } from '../../platform/http/route-docs.js';
import { OrderConfirmationsService } from './order-confirmations.service.js';

/** The profile's deal section: the contact's latest confirmation. */
@Controller('contacts')
export class ContactOrderConfirmationController {
  constructor(private readonly confirmations: OrderConfirmationsService) {}

  @Get(':id/order-confirmation')
  @ApiDoc({ summary: "The contact's latest cash-on-delivery confirmation (null: none)", response: contactOrderConfirmationSchema })
  get(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.confirmations.latest(actor, params.id);
  }
}
