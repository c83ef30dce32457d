import { Injectable } from '@nestjs/common';
import type { Label, LabelInput, LabelPatch, ListResult } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import './label-events.js';
import type { LabelRow } from './labels.table.js';
import { LabelsRepository } from './labels.repository.js';

export const LABEL_TEXTS = {
  notFound: 'Label not found.',
  taken: 'A label with this name already exists.',
  deleted: 'Label deleted.',
} as const;

export const toLabelDto = (row: LabelRow): Label => ({ _id: row.id, name: row.name, colour: row.colour });

/** The company's labels: everyone reads them; admins define them (the controller's guard). */
@Injectable()
export class LabelsService {
  constructor(
    private readonly db: Database,
    private readonly repo: LabelsRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async list(actor: TenantActor): Promise<ListResult<Label>> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.repo.list(tx, actor.tenantId));
    return { items: rows.map(toLabelDto), total: rows.length };
  }

  async create(actor: TenantActor, input: LabelInput): Promise<Label> {
    const now = this.clock.now();
    const row = await this.unique(() => this.db.tenant(actor.tenantId, (tx) => this.repo.insert(tx, { tenantId: actor.tenantId, ...input, createdAt: now, updatedAt: now })));
    return toLabelDto(row);
  }

  async update(actor: TenantActor, id: string, patch: LabelPatch): Promise<Label> {
    const row = await this.unique(() => this.db.tenant(actor.tenantId, (tx) => this.repo.update(tx, actor.tenantId, id, { ...patch, updatedAt: this.clock.now() })));
    if (!row) throw ApiError.notFound(LABEL_TEXTS.notFound).withCode('label.not_found');
    return toLabelDto(row);
  }

  async delete(actor: TenantActor, id: string): Promise<{ message: string }> {
    const contactIds = await this.db.tenant(actor.tenantId, (tx) => this.repo.delete(tx, actor.tenantId, id));
    if (!contactIds) throw ApiError.notFound(LABEL_TEXTS.notFound).withCode('label.not_found');
    if (contactIds.length) await this.events.emit('contacts.labelled', { tenantId: actor.tenantId, contactIds });
    return { message: LABEL_TEXTS.deleted };
  }

  /** One name per company, whatever its case (the unique index on lower(name)). */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, 'labels_tenant_name_unique')) throw ApiError.conflict(LABEL_TEXTS.taken, 'name').withCode('label.name_taken');
      throw err;
    }
  }
}
