import { Injectable } from '@nestjs/common';
import type { CampaignAudience } from '@crm/common';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/database.types.js';
import { users } from '../users/users.table.js';
import { contactListFilter } from './contact-list-filter.js';
import { ContactQueriesRepository } from './contact-queries.repository.js';
import { contacts } from './contacts.table.js';

export type AudienceMember = { id: string; name: string | null; phone: string; agent: string | null; optedOut: boolean };

/**
 * A campaign's audience is a leads-list filter: counted, sampled and selected by the lists' own
 * WHERE (ContactQueriesRepository), so the count a campaign shows is the count the list shows.
 */
@Injectable()
export class ContactAudiences {
  constructor(private readonly queries: ContactQueriesRepository) {}

  /** The WHERE over `contacts` for this audience; days read in the company's time zone. */
  where(tenantId: string, audience: CampaignAudience, timeZone: string): SQL {
    return this.queries.matching({ tenantId }, contactListFilter({ ...audience, tz: timeZone }));
  }

  count(tx: TenantTx, tenantId: string, audience: CampaignAudience, timeZone: string): Promise<number> {
    return this.queries.count(tx, { tenantId }, contactListFilter({ ...audience, tz: timeZone }));
  }

  /** A few real recipients, with their agent's name (for `{agent}`). */
  async sample(tx: TenantTx, tenantId: string, audience: CampaignAudience, timeZone: string, size: number): Promise<AudienceMember[]> {
    return tx
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, agent: users.name, optedOut: sql<boolean>`${contacts.optedOutAt} is not null` })
      .from(contacts)
      .leftJoin(users, and(eq(users.id, contacts.assignedTo)))
      .where(this.where(tenantId, audience, timeZone))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(size);
  }
}
