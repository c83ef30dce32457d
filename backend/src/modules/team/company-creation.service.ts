import { Injectable } from '@nestjs/common';
import type { CreateTenantRequest, TenantWithStats } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { ApiError } from '../../platform/http/api-error.js';
import { SuperAuditService } from '../super-audit/super-audit.service.js';
import { toTenantDto } from '../tenants/tenant.mapper.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * A new company and its first admin, made by the super administrator. Here rather than in the
 * tenants module because it writes through both the tenants and the users module, and users
 * stand on tenants (a user belongs to a company), so tenants cannot import users.
 */
@Injectable()
export class CompanyCreationService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
    private readonly users: UsersRepository,
    private readonly audit: SuperAuditService,
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
}
