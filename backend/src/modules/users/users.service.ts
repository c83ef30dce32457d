import { Injectable } from '@nestjs/common';
import type { AuthUser, UsersQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.service.js';
import { UsersRepository } from './users.repository.js';
import { toUserDto } from './user.mapper.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
  ) {}

  /** Colleagues of the signed-in user (assignment pickers, team screens). */
  async list(actor: TenantActor, query: UsersQuery): Promise<AuthUser[]> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.users.list(tx, actor.tenantId, query));
    return rows.map(toUserDto);
  }
}
