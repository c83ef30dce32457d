import { Injectable } from '@nestjs/common';
import type { ListResult, SuperStats, SuperTenantsQuery, TenantSettings, TenantWithStats, UpdateTenantSettingsRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { Clock } from '../../platform/clock.js';
import { toTenantWithStatsDto } from './tenant.mapper.js';
import { TenantsRepository } from './tenants.repository.js';

@Injectable()
export class TenantsService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
    private readonly clock: Clock,
  ) {}

  /** A page of companies, newest first; total counts every company that matches q. */
  async list(query: SuperTenantsQuery): Promise<ListResult<TenantWithStats>> {
    const { rows, total } = await this.db.platform((tx) => this.tenants.pageWithStats(tx, { q: query.q, limit: query.limit, offset: (query.page - 1) * query.limit }));
    return { items: rows.map(toTenantWithStatsDto), total };
  }

  /** One company with its counts, or a 404. */
  async get(id: string): Promise<TenantWithStats> {
    const row = await this.db.platform((tx) => this.tenants.findWithStats(tx, id));
    if (!row) throw tenantNotFound();
    return toTenantWithStatsDto(row);
  }

  async stats(): Promise<SuperStats> {
    return this.db.platform((tx) => this.tenants.stats(tx, this.clock.now()));
  }

  async getSettings(actor: TenantActor): Promise<{ settings: TenantSettings }> {
    const row = await this.db.tenant(actor.tenantId, (tx) => this.tenants.getSettings(tx, actor.tenantId));
    return { settings: toSettingsDto(row) };
  }

  async updateSettings(actor: TenantActor, settings: UpdateTenantSettingsRequest): Promise<{ settings: TenantSettings }> {
    const row = await this.db.tenant(actor.tenantId, (tx) => this.tenants.updateSettings(tx, actor.tenantId, settings));
    return { settings: toSettingsDto(row) };
  }
}

function toSettingsDto(row: { leadDistributionStrategy: string; skipOfflineReps: boolean; repsMayHandOver: boolean } | undefined): TenantSettings {
  return {
    leadDistributionStrategy: (row?.leadDistributionStrategy ?? 'round-robin') as TenantSettings['leadDistributionStrategy'],
    skipOfflineReps: row?.skipOfflineReps ?? false,
    repsMayHandOver: row?.repsMayHandOver ?? false,
  };
}

export const tenantNotFound = () => ApiError.notFound('Company not found.').withCode('tenant.not_found');
