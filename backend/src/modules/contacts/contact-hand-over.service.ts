import { Injectable } from '@nestjs/common';
import { can, type HandOverRequest, type Role } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { assertCanSeeContact } from './contact-access.js';
import './contact-events.js';
import { ContactHandOversRepository } from './contact-hand-overs.repository.js';
import { ContactsRepository } from './contacts.repository.js';

/** A chat handed over: the contact, who had it, who has it now and who gave it. */
export type HandedOver = {
  contactId: string;
  contact: { name: string | null; phone: string };
  from: string | null;
  to: { id: string; name: string };
  by: { id: string; name: string };
  note: string | null;
  at: Date;
};

/**
 * Hands one contact (and so its chat) to another active sales user from the chat header: an admin
 * any contact, a sales user their own when the company allows it. The assignee changes, the
 * history records it, and the messenger moves the chat between the lists ('contacts.reassigned').
 */
@Injectable()
export class ContactHandOverService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly handOvers: ContactHandOversRepository,
    private readonly users: UsersRepository,
    private readonly tenants: TenantsRepository,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** `alongside` runs in the same transaction once the contact has changed hands (the chat's note): all or nothing. */
  async handOver<T>(actor: TenantActor, contactId: string, input: HandOverRequest, alongside: (tx: TenantTx, done: HandedOver) => Promise<T>): Promise<{ done: HandedOver; extra: T }> {
    const result = await retryOnDeadlock(() =>
      this.db.tenant(actor.tenantId, async (tx) => {
        await this.assertMayHandOver(tx, actor);
        const contact = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, contactId, { forUpdate: true }));
        const target = await this.users.findById(tx, actor.tenantId, input.toUserId);
        // another company's user is hidden by row-level security: the same answer as an unknown id
        if (!target) throw ApiError.notFound('Choose an active sales user of your company.').withCode('contact.assignee_invalid');
        if (!target.isActive || !can(target.role as Role, 'leads.receive')) throw ApiError.badRequest('Choose an active sales user of your company.', 'toUserId').withCode('contact.assignee_invalid');
        if (contact.assignedTo === target.id) throw ApiError.conflict(`This chat is already assigned to ${target.name}.`).withCode('contact.hand_over_same_user', { name: target.name });
        const at = this.clock.now();
        await this.contacts.assign(tx, actor.tenantId, [contactId], target.id, at);
        const note = input.note?.trim() || null;
        await this.handOvers.record(tx, { tenantId: actor.tenantId, contactId, fromUserId: contact.assignedTo, toUserId: target.id, handedBy: actor.userId, note, handedAt: at });
        const done: HandedOver = {
          contactId,
          contact: { name: contact.name, phone: contact.phone },
          from: contact.assignedTo,
          to: { id: target.id, name: target.name },
          by: { id: actor.userId, name: actor.name },
          note,
          at,
        };
        return { done, extra: await alongside(tx, done) };
      }),
    );
    // after the commit: the chat lists of the new and the previous owner follow (the messenger listens)
    await this.events.emit('contacts.reassigned', { tenantId: actor.tenantId, previousAssignees: new Map([[contactId, result.done.from]]) });
    return result;
  }

  /** Admins always; a sales user only when the company's setting allows it (and only their own contact: checked by the caller's visibility). */
  private async assertMayHandOver(tx: TenantTx, actor: TenantActor) {
    if (may(actor, 'contacts.assign')) return;
    if (!may(actor, 'chats.hand-over-own')) throw ApiError.forbidden('You may not hand chats over.').withCode('permission_denied', { permission: 'contacts.assign' });
    const settings = await this.tenants.getSettings(tx, actor.tenantId);
    if (!settings?.repsMayHandOver) throw ApiError.forbidden('Your company lets only admins hand chats over.').withCode('contact.hand_over_refused');
  }
}
