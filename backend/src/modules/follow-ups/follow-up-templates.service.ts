import { Injectable } from '@nestjs/common';
import type { FollowUpTemplate, FollowUpTemplateInput, ListResult } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { toTemplateDto } from './follow-up.mapper.js';
import { FollowUpTemplatesRepository, type TemplateRecord } from './follow-up-templates.repository.js';

export const TEMPLATE_TEXTS = {
  notFound: 'Follow-up template not found.',
  notYours: 'You can only change the follow-up templates you created.',
  deleted: 'Template deleted.',
} as const;

/**
 * Follow-up templates: everyone in the company sees
 * and uses them; admins may edit or delete any, sales users only the ones they created.
 */
@Injectable()
export class FollowUpTemplatesService {
  constructor(
    private readonly db: Database,
    private readonly repo: FollowUpTemplatesRepository,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor): Promise<ListResult<FollowUpTemplate>> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.repo.listTemplates(tx, actor.tenantId));
    return { items: rows.map((r) => toTemplateDto(r, this.canEdit(actor, r))), total: rows.length };
  }

  async create(actor: TenantActor, input: FollowUpTemplateInput): Promise<FollowUpTemplate> {
    const now = this.clock.now();
    const row = await this.db.tenant(actor.tenantId, async (tx) => {
      const created = await this.repo.insertTemplate(tx, {
        tenantId: actor.tenantId,
        name: input.name,
        steps: input.messages,
        whatsappTemplate: input.whatsappTemplate ?? null,
        createdBy: actor.userId,
        createdByRole: actor.role,
        createdAt: now,
        updatedAt: now,
      });
      return (await this.repo.findTemplate(tx, actor.tenantId, created.id))!;
    });
    return toTemplateDto(row, true);
  }

  async update(actor: TenantActor, id: string, input: FollowUpTemplateInput): Promise<FollowUpTemplate> {
    const row = await this.db.tenant(actor.tenantId, async (tx) => {
      this.assertCanEdit(actor, await this.repo.findTemplate(tx, actor.tenantId, id));
      await this.repo.updateTemplate(tx, actor.tenantId, id, { name: input.name, steps: input.messages, whatsappTemplate: input.whatsappTemplate ?? null });
      return (await this.repo.findTemplate(tx, actor.tenantId, id))!;
    });
    return toTemplateDto(row, true);
  }

  /** Sequences already started keep their own copy of the steps and go on. */
  async delete(actor: TenantActor, id: string): Promise<{ message: string }> {
    await this.db.tenant(actor.tenantId, async (tx) => {
      this.assertCanEdit(actor, await this.repo.findTemplate(tx, actor.tenantId, id));
      await this.repo.deleteTemplate(tx, actor.tenantId, id);
    });
    return { message: TEMPLATE_TEXTS.deleted };
  }

  private canEdit(actor: TenantActor, row: TemplateRecord) {
    return may(actor, 'templates.manage-all') || row.createdBy === actor.userId;
  }

  private assertCanEdit(actor: TenantActor, row: TemplateRecord | undefined): asserts row is TemplateRecord {
    if (!row) throw ApiError.notFound(TEMPLATE_TEXTS.notFound).withCode('template.not_found');
    if (!this.canEdit(actor, row)) throw ApiError.forbidden(TEMPLATE_TEXTS.notYours).withCode('template.not_yours');
  }
}
