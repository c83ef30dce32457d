import { Injectable } from '@nestjs/common';
import { can, type AssignBulkRequest, type Role } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import { UsersRepository } from '../users/users.repository.js';
import { ContactsRepository } from './contacts.repository.js';
import { LeadAssignmentNotices, type AssignedLead } from './lead-assignment-notices.js';

const ONLY_ADMINS_ASSIGN = 'Only admins can assign leads.';

/**
 * Who gets a lead an admin gives by hand: the bulk assignment of the leads list, the check that
 * the chosen user is an active sales user of the company (also for a lead added by hand), and the
 * bell of whoever received leads (LeadAssignmentNotices), after the commit.
 */
@Injectable()
export class LeadAssignmentService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly notices: LeadAssignmentNotices,
  ) {}

  /** Admins give contacts to an active sales user: all of them, or none when one id is unknown. */
  async assignBulk(actor: TenantActor, input: AssignBulkRequest): Promise<{ message: string; assigned: number }> {
    if (!may(actor, 'contacts.assign')) {
      throw ApiError.forbidden(ONLY_ADMINS_ASSIGN).withCode('permission_denied', { permission: 'contacts.assign' });
    }
    const ids = [...new Set(input.leadIds)];
    const now = this.clock.now();
    let given: AssignedLead[] = [];
    const { result, previous } = await retryOnDeadlock(() =>
      this.db.tenant(actor.tenantId, async (tx) => {
        const user = await this.activeSalesUser(tx, actor, input.salesId, 'salesId');
        const previous = await this.contacts.assign(tx, actor.tenantId, ids, user.id, now);
        const assigned = previous.size;
        // one lead's notice names it; several make one line that needs no names
        const one = ids.length === 1 ? await this.contacts.findById(tx, actor.tenantId, ids[0]) : undefined;
        given = ids.map((id) => ({ id, name: one?.name ?? null, phone: one?.phone ?? '', assignedTo: user.id }));
        if (assigned < ids.length) {
          const missing = ids.length - assigned;
          throw ApiError.notFound(`${missing} of the selected leads ${missing === 1 ? 'was' : 'were'} not found; nothing was assigned. Reload the list and try again.`).withCode(
            'contact.assign_missing',
            { count: missing },
          );
        }
        return { result: { message: `${assigned} lead${assigned === 1 ? '' : 's'} assigned to ${user.name}`, assigned }, previous };
      }),
    );
    // after the commit: the chat lists of the new and the previous owners follow (the messenger listens)
    await this.events.emit('contacts.reassigned', { tenantId: actor.tenantId, previousAssignees: previous });
    // only leads that changed hands ring the new owner's bell
    await this.announce(
      actor.tenantId,
      actor.userId,
      given.filter((lead) => previous.get(lead.id) !== lead.assignedTo),
    );
    return result;
  }

  /** The chosen user, when they are an active user of the company who may receive leads; a 400 on `field` otherwise. */
  async activeSalesUser(tx: TenantTx, actor: TenantActor, userId: string, field: string) {
    const user = await this.users.findById(tx, actor.tenantId, userId);
    if (!user || !can(user.role as Role, 'leads.receive') || !user.isActive) throw ApiError.badRequest('Choose an active sales user of your company.', field).withCode('contact.assignee_invalid');
    return user;
  }

  /** After the commit: rings the bell of each user given leads, except the one who gave them. */
  announce(tenantId: string, givenBy: string | null, leads: AssignedLead[]): Promise<void> {
    return this.notices.announce(tenantId, givenBy, leads);
  }
}
