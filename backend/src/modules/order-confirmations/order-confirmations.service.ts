import { Injectable } from '@nestjs/common';
import type { OrderConfirmation } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { toOrderConfirmationDto } from './order-confirmation.mapper.js';
import { OrderConfirmationsRepository } from './order-confirmations.repository.js';

/** What the profile shows of a contact's confirmation. */
@Injectable()
export class OrderConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly repo: OrderConfirmationsRepository,
    private readonly contacts: ContactsService,
  ) {}

  async latest(actor: TenantActor, contactId: string): Promise<{ confirmation: OrderConfirmation | null }> {
    // the visibility rule of the contact (404 for another company's or another rep's)
    await this.contacts.get(actor, contactId);
    const row = await this.db.tenant(actor.tenantId, (tx) => this.repo.latestOf(tx, actor.tenantId, contactId));
    return { confirmation: row ? toOrderConfirmationDto(row) : null };
  }
}
