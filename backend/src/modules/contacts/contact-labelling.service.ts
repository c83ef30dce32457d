import { Injectable } from '@nestjs/common';
import type { BulkContactLabelsInput, Label } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import { LabelsRepository } from '../labels/labels.repository.js';
import { toLabelDto } from '../labels/labels.service.js';
import { assertCanSeeContact, canSeeContact } from './contact-access.js';
import { ContactsRepository } from './contacts.repository.js';

/**
 * Putting the company's labels on contacts: anyone may, on the contacts they see (a sales user
 * their assigned ones). The labels module keeps the rows; the rule of who may touch which contact
 * is this module's, so it lives here.
 */
@Injectable()
export class ContactLabellingService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly labels: LabelsRepository,
    private readonly events: DomainEvents,
  ) {}

  async labelsOf(actor: TenantActor, contactId: string): Promise<Label[]> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, contactId));
      return this.current(tx, actor.tenantId, contactId);
    });
  }

  /** Makes the contact's labels exactly these (the picker of the chat header and the profile). */
  async set(actor: TenantActor, contactId: string, labelIds: string[]): Promise<Label[]> {
    const labels = await this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, contactId, { forUpdate: true }));
      await this.assertLabels(tx, actor.tenantId, labelIds);
      await this.labels.replace(tx, actor.tenantId, contactId, labelIds);
      return this.current(tx, actor.tenantId, contactId);
    });
    await this.events.emit('contacts.labelled', { tenantId: actor.tenantId, contactIds: [contactId] });
    return labels;
  }

  /** Adds and removes labels on many contacts: all of them, or none when one may not be touched. */
  async bulk(actor: TenantActor, input: BulkContactLabelsInput): Promise<{ updated: number }> {
    const contactIds = [...new Set(input.contactIds)];
    await this.db.tenant(actor.tenantId, async (tx) => {
      const found = await this.contacts.findManyByIds(tx, actor.tenantId, contactIds);
      if (found.length !== contactIds.length) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
      if (!found.every((c) => canSeeContact(actor, c))) {
        throw ApiError.forbidden('Some of these contacts are assigned to someone else.').withCode('contact.assigned_elsewhere');
      }
      await this.assertLabels(tx, actor.tenantId, [...input.add, ...input.remove]);
      await this.labels.remove(tx, actor.tenantId, contactIds, input.remove);
      await this.labels.add(
        tx,
        actor.tenantId,
        contactIds,
        input.add.filter((id) => !input.remove.includes(id)),
      );
    });
    await this.events.emit('contacts.labelled', { tenantId: actor.tenantId, contactIds });
    return { updated: contactIds.length };
  }

  private async current(tx: TenantTx, tenantId: string, contactId: string): Promise<Label[]> {
    const ids = new Set((await this.labels.labelsOf(tx, tenantId, [contactId])).map((r) => r.labelId));
    return (await this.labels.list(tx, tenantId)).filter((l) => ids.has(l.id)).map(toLabelDto);
  }

  /** Every id must be a label of the company (another company's label reads as unknown). */
  private async assertLabels(tx: TenantTx, tenantId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await this.labels.existingIds(tx, tenantId, unique)).length !== unique.length) {
      throw ApiError.badRequest('Label not found.', 'labelIds').withCode('label.not_found');
    }
  }
}
