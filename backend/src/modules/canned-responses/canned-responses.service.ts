import { Injectable } from '@nestjs/common';
import type { CannedResponse, CannedResponseInput, ListResult } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { CannedResponseRow } from './canned-responses.table.js';
import { CannedResponsesRepository } from './canned-responses.repository.js';

export const CANNED_TEXTS = {
  notFound: 'Canned response not found.',
  notYours: 'You can only change the canned responses you created.',
  deleted: 'Canned response deleted.',
} as const;

/** Saved replies shared by the company. Everyone uses them and adds new ones; admins change any, sales users their own. */
@Injectable()
export class CannedResponsesService {
  constructor(
    private readonly db: Database,
    private readonly repo: CannedResponsesRepository,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor): Promise<ListResult<CannedResponse>> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.repo.list(tx, actor.tenantId));
    return { items: rows.map((r) => this.dto(actor, r)), total: rows.length };
  }

  async create(actor: TenantActor, input: CannedResponseInput): Promise<CannedResponse> {
    const now = this.clock.now();
    const row = await this.db.tenant(actor.tenantId, (tx) =>
      this.repo.insert(tx, { tenantId: actor.tenantId, title: input.title, text: input.text, createdBy: actor.userId, createdAt: now, updatedAt: now }),
    );
    return this.dto(actor, row);
  }

  async update(actor: TenantActor, id: string, input: CannedResponseInput): Promise<CannedResponse> {
    const row = await this.db.tenant(actor.tenantId, async (tx) => {
      this.assertCanEdit(actor, await this.repo.find(tx, actor.tenantId, id));
      return this.repo.update(tx, actor.tenantId, id, { title: input.title, text: input.text });
    });
    return this.dto(actor, row!);
  }

  async delete(actor: TenantActor, id: string): Promise<{ message: string }> {
    await this.db.tenant(actor.tenantId, async (tx) => {
      this.assertCanEdit(actor, await this.repo.find(tx, actor.tenantId, id));
      await this.repo.delete(tx, actor.tenantId, id);
    });
    return { message: CANNED_TEXTS.deleted };
  }

  private canEdit(actor: TenantActor, row: CannedResponseRow) {
    return may(actor, 'templates.manage-all') || row.createdBy === actor.userId;
  }

  private assertCanEdit(actor: TenantActor, row: CannedResponseRow | undefined): asserts row is CannedResponseRow {
    if (!row) throw ApiError.notFound(CANNED_TEXTS.notFound).withCode('canned_response.not_found');
    if (!this.canEdit(actor, row)) throw ApiError.forbidden(CANNED_TEXTS.notYours).withCode('canned_response.not_yours');
  }

  private dto(actor: TenantActor, row: CannedResponseRow): CannedResponse {
    return {
      _id: row.id,
      title: row.title,
      text: row.text,
      createdBy: row.createdBy,
      canEdit: this.canEdit(actor, row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
