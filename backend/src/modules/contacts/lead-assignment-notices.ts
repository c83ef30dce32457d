import { Injectable, Logger } from '@nestjs/common';
import { contactNotificationParams } from '@crm/common';
import { NotificationsService, type NotificationInput } from '../notifications/notifications.service.js';

/** A lead that has just been given to someone (created for them or assigned to them). */
export type AssignedLead = { id: string; name: string | null; phone: string; assignedTo: string | null };

/**
 * The bell line a user gets when leads are given to them: by an admin's choice, by the
 * round-robin, by an import or by a bulk assignment. Called after the commit, so nobody is told of a
 * lead that was rolled back; whoever gave the lead is not told of their own act. One lead links to
 * its contact; several in one act make one line that links to the leads list.
 */
@Injectable()
export class LeadAssignmentNotices {
  private readonly logger = new Logger('LeadAssignmentNotices');

  constructor(private readonly notifications: NotificationsService) {}

  async announce(tenantId: string, givenBy: string | null, leads: AssignedLead[]): Promise<void> {
    const perUser = new Map<string, AssignedLead[]>();
    for (const lead of leads) {
      if (!lead.assignedTo || lead.assignedTo === givenBy) continue;
      perUser.set(lead.assignedTo, [...(perUser.get(lead.assignedTo) ?? []), lead]);
    }
    for (const [userId, given] of perUser) {
      const [first] = given;
      const notice: NotificationInput =
        given.length === 1
          ? { code: 'lead.assigned', params: contactNotificationParams(first), link: `/contacts/${first.id}` }
          : { code: 'leads.assigned', params: { count: given.length }, link: '/leads' };
      // the lead is saved: a bell that fails to ring must not turn the save into an error
      await this.notifications.notifyUsers(tenantId, [userId], notice).catch((err) => this.logger.warn(`lead notice for ${userId} failed: ${err}`));
    }
  }
}
