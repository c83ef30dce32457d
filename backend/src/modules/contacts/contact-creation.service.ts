import { Injectable } from '@nestjs/common';
import { PERMISSIONS } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { newId } from '../../platform/db/columns.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { ContactsRepository, type NewContact, type WhatsAppContact } from './contacts.repository.js';

/** How a contact came in (stored on the contact as `source`). */
export type ContactSource = 'manual' | 'import' | 'whatsapp';

/** What is known of a new contact; the phone is already normalised (E.164, or a linked-id placeholder). */
export type ContactDraft = {
  phone: string;
  name?: string | null;
  email?: string | null;
  address?: string | null;
  notes?: string | null;
  waId?: string | null;
  waLid?: string | null;
  waUserId?: string | null;
};

export type CreateContactsOptions = {
  source: ContactSource;
  at: Date;
  /** The user creating them (a form, an import); none for a message from an unknown number. */
  actor?: TenantActor;
  /** The assignee an admin chose; the caller has checked that it is an active user who may receive leads. */
  assignedTo?: string | null;
  /** Leave out drafts whose phone or linked id another writer stored first, instead of failing. */
  skipExisting?: boolean;
  /**
   * Write all drafts in one statement (plus one for their history rows) instead of in slices with a
   * turn of the event loop between them: for the inbound batches, which must keep a fixed number of
   * statements and are already capped in size (MessengerOptions.inboundBatchMax).
   */
  oneStatement?: boolean;
};

/** A contact created, with the position of its draft (drafts left out by `skipExisting` have none). */
export type CreatedContact = WhatsAppContact & { index: number };

/**
 * The one way a contact is created: by hand, by import and by a WhatsApp message from an unknown
 * number alike. In the caller's transaction it decides the assignee by one rule, writes the
 * contacts as leads with their first stage-history row (from nothing to lead, by whom: null for
 * an inbound message) and moves the round-robin cursor; the running totals follow by trigger. It
 * returns what was created, and the caller announces it after the commit (the inbound path as
 * messages, the others in their HTTP answer).
 *
 * The assignment rule, in order:
 * 1. a user who may not hand leads to others (a sales user) keeps the leads they create;
 * 2. an assignee an admin chose wins;
 * 3. otherwise the tenant's lead distribution strategy: `round-robin` deals the leads in turn
 *    to the active users who may receive leads (oldest account first, continuing after the last
 *    one dealt to, across every source), passing over reps with no live connection when the company
 *    chose to skip offline reps (unless every rep is offline); `manual` leaves them unassigned for an
 *    admin to assign.
 * Distribution locks the tenant's settings row first, so concurrent creators take turns.
 */
@Injectable()
export class ContactCreationService {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly tenants: TenantsRepository,
    private readonly users: UsersRepository,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async createContacts(tx: TenantTx, tenantId: string, drafts: ContactDraft[], options: CreateContactsOptions): Promise<CreatedContact[]> {
    if (!drafts.length) return [];
    const chosen = chosenAssignee(options);
    const distributing = chosen === undefined;
    const assignees = distributing ? await this.distribute(tx, tenantId, drafts.length) : drafts.map(() => chosen);

    const rows: NewContact[] = drafts.map((d, i) => ({
      id: newId(),
      tenantId,
      name: d.name ?? null,
      phone: d.phone,
      email: d.email ?? null,
      address: d.address ?? null,
      notes: d.notes ?? null,
      waId: d.waId ?? null,
      waLid: d.waLid ?? null,
      waUserId: d.waUserId ?? null,
      stage: 'lead',
      assignedTo: assignees[i],
      source: options.source,
      createdBy: options.actor?.userId ?? null,
      createdAt: options.at,
      updatedAt: options.at,
    }));
    const ids = await this.contacts.insertWithHistory(tx, rows, { skipExisting: !!options.skipExisting, oneStatement: options.oneStatement });
    const created = rows.flatMap((r, index) =>
      ids.has(r.id) ? [{ index, id: r.id, name: r.name ?? null, phone: r.phone, waId: r.waId ?? null, waLid: r.waLid ?? null, assignedTo: r.assignedTo ?? null }] : [],
    );
    const lastDealt = distributing ? created.findLast((c) => c.assignedTo)?.assignedTo : undefined;
    if (lastDealt) await this.tenants.saveRoundRobinCursor(tx, tenantId, lastDealt);
    return created;
  }

  /** The assignee of each of `count` new leads by the tenant's strategy (takes the distribution lock). */
  private async distribute(tx: TenantTx, tenantId: string, count: number): Promise<(string | null)[]> {
    const { strategy, lastUserId, skipOfflineReps } = await this.tenants.lockLeadDistribution(tx, tenantId);
    const receivers = strategy === 'round-robin' ? await this.users.activeIdsWithRoles(tx, tenantId, PERMISSIONS['leads.receive']) : [];
    if (!receivers.length) return new Array<null>(count).fill(null);
    const online = skipOfflineReps ? await this.realtime.connectedUsers(tenantId, receivers) : undefined;
    return dealInTurn(receivers, lastUserId, count, online && receivers.some((id) => online.has(id)) ? (id) => online.has(id) : () => true);
  }
}

/**
 * `count` turns of the round-robin: the receivers in their fixed order (oldest account first),
 * continuing after the last one dealt to, passing over those `eligible` refuses (offline reps when
 * the company skips them; the caller makes sure at least one is eligible).
 */
export function dealInTurn(receivers: readonly string[], lastUserId: string | null, count: number, eligible: (id: string) => boolean): string[] {
  let turn = lastUserId ? receivers.indexOf(lastUserId) : -1;
  return Array.from({ length: count }, () => {
    for (let step = 0; step < receivers.length; step++) {
      turn = (turn + 1) % receivers.length;
      if (eligible(receivers[turn])) return receivers[turn];
    }
    return receivers[(turn = (turn + 1) % receivers.length)];
  });
}

/** Rules 1 and 2 above: the assignee fixed by who creates the contacts; undefined = the strategy decides. */
function chosenAssignee(options: CreateContactsOptions): string | undefined {
  const { actor } = options;
  if (!actor) return undefined;
  if (!may(actor, 'contacts.assign')) return actor.userId;
  return options.assignedTo ?? undefined;
}
