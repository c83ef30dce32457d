import { may, type TenantActor } from '../../platform/auth/actor.js';
import { ApiError } from '../../platform/http/api-error.js';

/**
 * Who sees which contacts: admins see every contact of their company; sales users see the
 * contacts assigned to them. Used by every domain that shows contacts or their chats.
 */
export function visibleAssigneeFor(actor: TenantActor): string | undefined {
  return may(actor, 'contacts.all') ? undefined : actor.userId;
}

export function canSeeContact(actor: TenantActor, contact: { assignedTo: string | null }): boolean {
  return may(actor, 'contacts.all') || contact.assignedTo === actor.userId;
}

/**
 * The contact, when the actor may see it. A contact that does not exist (or belongs to another
 * company: row-level security hides it) is 404 'Contact not found.'. A contact of the actor's own
 * company that is not theirs is 403 and says so (a sales rep who opens a colleague's
 * contact must not read 'not found'): `contact.assigned_elsewhere` when a colleague has it,
 * `contact.unassigned` when nobody has it yet. Colleagues already learn whose a phone is from the
 * duplicate-phone answer, so this tells nothing new; the contact's data stays hidden.
 */
export function assertCanSeeContact<T extends { assignedTo: string | null }>(actor: TenantActor, contact: T | undefined): T {
  if (!contact) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
  if (canSeeContact(actor, contact)) return contact;
  if (contact.assignedTo) {
    throw ApiError.forbidden('This contact is assigned to someone else. Ask an admin to reassign it to you.').withCode('contact.assigned_elsewhere');
  }
  throw ApiError.forbidden('This contact is not assigned to anyone yet. Ask an admin to assign it to you.').withCode('contact.unassigned');
}
