import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { idParamSchema, labelInputSchema, labelPatchSchema, labelSchema, messageResultSchema, type LabelInput, type LabelPatch } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { LabelsService } from './labels.service.js';

/** The labels manager: everyone reads the company's labels (pickers, filters); admins define them. */
@Controller('labels')
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Get()
  @ApiDoc({ summary: "The company's labels, by name", response: z.object({ items: z.array(labelSchema), total: z.number() }) })
  list(@CurrentUser() actor: TenantActor) {
    return this.labels.list(actor);
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('labels.manage')
  @ApiDoc({ summary: 'Adds a label (name unique in the company, whatever its case)', response: labelSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(labelInputSchema) body: LabelInput) {
    return this.labels.create(actor, body);
  }

  @Patch(':id')
  @RequirePermission('labels.manage')
  @ApiDoc({ summary: 'Renames or recolours a label', response: labelSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(labelPatchSchema) body: LabelPatch) {
    return this.labels.update(actor, params.id, body);
  }

  @Delete(':id')
  @RequirePermission('labels.manage')
  @ApiDoc({ summary: 'Deletes a label and takes it off every contact', response: messageResultSchema })
  delete(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.labels.delete(actor, params.id);
  }
}
