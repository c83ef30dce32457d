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

/** Not found rather than forbidden: a sales user should not learn that a contact exists. */
export function assertCanSeeContact<T extends { assignedTo: string | null }>(actor: TenantActor, contact: T | undefined): T {
  if (!contact || !canSeeContact(actor, contact)) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
  return contact;
}
