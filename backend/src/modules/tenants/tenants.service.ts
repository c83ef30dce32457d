import { Injectable } from '@nestjs/common';
import type { CreateTenantRequest, ListResult, SuperStats, SuperTenantsQuery, TenantSettings, TenantWithStats, UpdateTenantSettingsRequest } from '@crm/common';
import type { SuperActor, TenantActor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { Database } from '../../platform/db/database.service.js';
import { ApiError } from '../../platform/http/api-error.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { SuperAuditService } from '../super-audit/super-audit.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { Clock } from '../../platform/clock.js';
import { toTenantDto, toTenantWithStatsDto } from './tenant.mapper.js';
import { TenantsRepository } from './tenants.repository.js';


@Injectable()
export class TenantsService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
    private readonly users: UsersRepository,
    private readonly audit: SuperAuditService,
    private readonly clock: Clock,
  ) {}

  /** Creates a company and its first admin in one transaction: both exist, or neither. */
  async create(actor: SuperActor, input: CreateTenantRequest): Promise<TenantWithStats> {
    const passwordHash = await hashPassword(input.adminPassword);
    return this.db
      .platform(async (tx) => {
      if (await this.tenants.slugExists(tx, input.slug)) throw ApiError.conflict('This slug is already in use.', 'slug').withCode('tenant.slug_taken');
      if (await this.users.emailExists(tx, input.adminEmail)) {
        throw ApiError.conflict('A user with this email already exists.', 'adminEmail').withCode('user.email_taken');
      }
      const tenant = await this.tenants.insertTenant(tx, { name: input.name, slug: input.slug });
      await this.users.insert(tx, {
        tenantId: tenant.id,
        name: input.adminName || input.name + ' Admin',
        email: input.adminEmail,
        passwordHash,
        role: 'admin',
      });
      await this.audit.record(tx, {
        actor,
        action: 'tenant.created',
        tenant,
        after: { name: tenant.name, slug: tenant.slug, adminEmail: input.adminEmail },
      });
      return { ...toTenantDto(tenant), stats: { adminCount: 1, salesCount: 0, waCount: 0 } };
      })
      .catch((err: unknown) => {
        // two requests racing past the checks above meet the unique indexes instead
        if (isUniqueViolation(err, 'tenants_slug_unique')) throw ApiError.conflict('This slug is already in use.', 'slug').withCode('tenant.slug_taken');
        if (isUniqueViolation(err, 'users_email_unique')) throw ApiError.conflict('A user with this email already exists.', 'adminEmail').withCode('user.email_taken');
        throw err;
      });
  }

  /** A page of companies, newest first; total counts every company that matches q. */
  async list(query: SuperTenantsQuery): Promise<ListResult<TenantWithStats>> {
    const { rows, total } = await this.db.platform((tx) =>
      this.tenants.pageWithStats(tx, { q: query.q, limit: query.limit, offset: (query.page - 1) * query.limit }),
    );
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

function toSettingsDto(row: { leadDistributionStrategy: string; skipOfflineReps: boolean } | undefined): TenantSettings {
  return {
    leadDistributionStrategy: (row?.leadDistributionStrategy ?? 'round-robin') as TenantSettings['leadDistributionStrategy'],
    skipOfflineReps: row?.skipOfflineReps ?? false,
  };
}

export const tenantNotFound = () => ApiError.notFound('Company not found.').withCode('tenant.not_found');
