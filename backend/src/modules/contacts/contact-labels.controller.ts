import { Controller, Get, Post, Put } from '@nestjs/common';
import { bulkContactLabelsInputSchema, contactLabelsInputSchema, idParamSchema, labelSchema, type BulkContactLabelsInput, type ContactLabelsInput } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { ContactLabellingService } from './contact-labelling.service.js';

/** Labels on contacts: one contact's (chat header, profile) and many at once (the leads list). */
@Controller('contacts')
export class ContactLabelsController {
  constructor(private readonly labelling: ContactLabellingService) {}

  @Post('labels/bulk')
  @ApiDoc({ summary: 'Adds and removes labels on many contacts (all of them, or none when one is not yours)', response: z.object({ updated: z.number() }) })
  bulk(@CurrentUser() actor: TenantActor, @ValidBody(bulkContactLabelsInputSchema) body: BulkContactLabelsInput) {
    return this.labelling.bulk(actor, body);
  }

  @Get(':id/labels')
  @ApiDoc({ summary: "A contact's labels", response: z.array(labelSchema) })
  list(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.labelling.labelsOf(actor, params.id);
  }

  @Put(':id/labels')
  @ApiDoc({ summary: "Sets a contact's labels (replacing what it had)", response: z.array(labelSchema) })
  set(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(contactLabelsInputSchema) body: ContactLabelsInput) {
    return this.labelling.set(actor, params.id, body.labelIds);
  }
}
