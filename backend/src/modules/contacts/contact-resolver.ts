import { Injectable } from '@nestjs/common';
import { LID_PHONE_PREFIX, USER_ID_PHONE_PREFIX, phoneFromWhatsAppId } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import './contact-events.js';
import { ContactCreationService } from './contact-creation.service.js';
import { ContactMergeHooks } from './contact-merge-hooks.js';
import { ContactMergesRepository, type ContactMerged } from './contact-merges.repository.js';
import { ContactsRepository, type WhatsAppContact } from './contacts.repository.js';

export type Sender = {
  /** The chat id WhatsApp reported (`…@c.us` or `…@lid`). */
  from: string;
  phoneId?: string;
  lid?: string;
  /** Meta's business-scoped user id (official API); the only id of a user who hid their number. */
  userId?: string;
  profileName?: string;
};

export type ResolvedSender = { contact: WhatsAppContact; created: boolean };
export type { ContactMerged };

/**
 * Called when a contact known only by its linked id is folded into the phone's contact, before the
 * first is deleted: the caller moves what it keeps of that contact (its messages) to the second.
 */
export type ContactFold = (tx: TenantTx, fromContactId: string, intoContactId: string) => Promise<void>;

type KnownContact = WhatsAppContact & { waUserId?: string | null };

export const senderKey = (s: Sender) => s.lid ?? s.phoneId ?? s.from;

function idsOf(s: Sender) {
  const phoneId = s.phoneId ?? (s.from.endsWith('@c.us') ? s.from : undefined);
  const lid = s.lid ?? (s.from.endsWith('@lid') ? s.from : undefined);
  return { phoneId, lid, userId: s.userId, phone: phoneId ? phoneFromWhatsAppId(phoneId) : undefined };
}

/**
 * One person, one contact: finds the contact of each WhatsApp sender by phone (from the `@c.us` id)
 * or linked id (`@lid`), links the other id when it shows up, and creates a lead for an unknown
 * number, named after the WhatsApp profile, through ContactCreationService (the one way to create a
 * contact: assignment by the tenant's rule, first stage-history row). Works on a whole batch with a
 * fixed number of queries (plus one per id to link or contact to fold).
 */
@Injectable()
export class ContactResolver {
  constructor(
    private readonly repo: ContactsRepository,
    private readonly creation: ContactCreationService,
    private readonly merges: ContactMergesRepository,
    private readonly hooks: ContactMergeHooks,
    private readonly events: DomainEvents,
  ) {}

  /**
   * After the transaction that merged contacts committed: open boards drop the merged contact's
   * deal and show it on the phone's contact when that took it, and a phone's contact that took the
   * merged contact's assignee changed hands (chat lists and boards follow, as for any reassignment).
   */
  async announceMerges(tenantId: string, merges: readonly ContactMerged[]): Promise<void> {
    for (const m of merges) {
      const intoAssignee = m.intoAssignedBefore ?? m.fromAssignedTo;
      if (m.fromDeal) {
        await this.events.emit('contacts.deal_changed', { tenantId, contactId: m.fromId, assignedTo: m.fromAssignedTo, before: m.fromDeal, after: null });
        if (m.tookDeal) await this.events.emit('contacts.deal_changed', { tenantId, contactId: m.intoId, assignedTo: intoAssignee, before: null, after: m.fromDeal, merged: true });
      }
      if (intoAssignee !== m.intoAssignedBefore) await this.events.emit('contacts.reassigned', { tenantId, previousAssignees: new Map([[m.intoId, m.intoAssignedBefore]]) });
    }
  }

  /** `merged` collects the merges made, for the caller to announce once its transaction commits (announceMerges). */
  async resolve(tx: TenantTx, tenantId: string, senders: Sender[], at: Date, onFold: ContactFold, merged: ContactMerged[] = []): Promise<Map<string, ResolvedSender>> {
    const unique = new Map<string, Sender>();
    for (const s of senders) if (!unique.has(senderKey(s))) unique.set(senderKey(s), s);
    const phones = new Set<string>();
    const lids = new Set<string>();
    const userIds = new Set<string>();
    for (const s of unique.values()) {
      const ids = idsOf(s);
      if (ids.phone) phones.add(ids.phone);
      if (ids.lid) lids.add(ids.lid);
      if (ids.userId) userIds.add(ids.userId);
    }
    const known = await this.repo.findWhatsAppContacts(tx, tenantId, [...phones], [...lids], [...userIds]);
    const byPhone = new Map<string, KnownContact>(known.map((c) => [c.phone, c]));
    const byLid = new Map<string, KnownContact>(known.filter((c) => c.waLid).map((c) => [c.waLid!, c]));
    const byUserId = new Map<string, KnownContact>(known.filter((c) => c.waUserId).map((c) => [c.waUserId!, c]));

    const result = new Map<string, ResolvedSender>();
    const unknown: Sender[] = [];
    for (const [key, s] of unique) {
      const { phoneId, lid, phone, userId } = idsOf(s);
      const viaLid = lid ? byLid.get(lid) : undefined;
      const viaPhone = phone ? byPhone.get(phone) : undefined;
      let contact: KnownContact | undefined;
      if (viaLid && viaPhone && viaLid.id !== viaPhone.id) {
        contact = viaPhone;
        if (viaLid.phone.startsWith(LID_PHONE_PREFIX)) {
          await onFold(tx, viaLid.id, viaPhone.id);
          await this.repo.foldInto(tx, tenantId, viaLid.id, viaPhone.id);
          byLid.set(lid!, viaPhone);
        } else {
          await this.repo.setWhatsAppIds(tx, tenantId, viaLid.id, { waLid: null });
        }
        await this.repo.setWhatsAppIds(tx, tenantId, viaPhone.id, { waLid: lid, ...(phoneId && !viaPhone.waId ? { waId: phoneId } : {}) });
        viaPhone.waLid = lid!;
      } else if (viaLid) {
        contact = viaLid;
        if (phone && viaLid.phone.startsWith(LID_PHONE_PREFIX)) {
          await this.repo.setWhatsAppIds(tx, tenantId, viaLid.id, { phone, waId: phoneId });
          viaLid.phone = phone;
          viaLid.waId = phoneId ?? null;
        } else if (phoneId && !viaLid.waId) {
          await this.repo.setWhatsAppIds(tx, tenantId, viaLid.id, { waId: phoneId });
          viaLid.waId = phoneId;
        }
      } else if (viaPhone) {
        contact = viaPhone;
        const patch: { waId?: string; waLid?: string } = {};
        if (lid && viaPhone.waLid !== lid) patch.waLid = lid;
        if (phoneId && viaPhone.waId !== phoneId) patch.waId = phoneId;
        if (patch.waId || patch.waLid) {
          await this.repo.setWhatsAppIds(tx, tenantId, viaPhone.id, patch);
          Object.assign(viaPhone, patch);
          if (lid) byLid.set(lid, viaPhone);
        }
      }
      if (userId) contact = await this.byUserId(tx, tenantId, { userId, phone, phoneId }, contact, { byUserId, byPhone }, onFold, merged);
      if (contact) result.set(key, { contact, created: false });
      else unknown.push(s);
    }
    if (unknown.length) await this.createLeads(tx, tenantId, unknown, at, result);
    return result;
  }

  /**
   * WhatsApp reported that a user changed their number or their user id (`previous` → the
   * sender's ids): the contact known by the old ones takes the new ones, so the message and all
   * that follow find it. When another contact of the company already has a new id (the new number
   * was typed in, imported, or wrote before), it is the same person: that contact is merged into
   * the one whose number changed, which keeps its id and history (ContactMergesRepository, as
   * for a user id seen with a phone). Nothing changes when no contact has the old ids (already
   * done: a redelivery, or another instance merged first).
   */
  async takeNewIds(tx: TenantTx, tenantId: string, changes: { previous: { phoneId?: string; userId?: string }; current: Sender }[], onFold: ContactFold, merged: ContactMerged[] = []): Promise<void> {
    for (const { previous, current } of changes) {
      const oldPhone = previous.phoneId ? phoneFromWhatsAppId(previous.phoneId) : undefined;
      const { phone, phoneId, userId } = idsOf(current);
      const known = await this.repo.findWhatsAppContacts(
        tx,
        tenantId,
        [oldPhone, phone].filter((p): p is string => !!p),
        [],
        [previous.userId, userId].filter((u): u is string => !!u),
      );
      const old = known.find((c) => (oldPhone && c.phone === oldPhone) || (previous.userId && c.waUserId === previous.userId));
      if (!old) continue;
      const holders = known.filter((c) => c.id !== old.id && ((phone && c.phone === phone) || (userId && c.waUserId === userId)));
      let gone = false;
      for (const holder of holders) {
        // once: a redelivery (or another instance) finds a contact gone and leaves it to the first
        if (!(await this.merges.lock(tx, tenantId, holder.id, old.id))) {
          gone = true;
          break;
        }
        await onFold(tx, holder.id, old.id);
        await this.hooks.run(tx, tenantId, holder.id, old.id);
        merged.push(await this.merges.merge(tx, tenantId, holder.id, old.id, previous.phoneId && phone ? 'number_changed' : 'user_id_changed'));
      }
      if (gone) continue;
      const patch: { phone?: string; waId?: string | null; waUserId?: string | null } = {};
      if (phone && phone !== old.phone) Object.assign(patch, { phone, waId: phoneId });
      // a new number comes with a new user id: the one Meta names, else the one the new number's contact had
      const nextUserId = userId ?? holders.find((h) => h.waUserId)?.waUserId ?? old.waUserId ?? null;
      // (set again after a merge: it gave the stayer the merged contact's user id, whichever is current)
      if (holders.length || nextUserId !== (old.waUserId ?? null)) patch.waUserId = nextUserId;
      if (!patch.phone && old.phone.startsWith(USER_ID_PHONE_PREFIX)) {
        // a contact known only by its user id takes the number of a contact merged into it, else is named by the new id
        const numbered = holders.find((h) => !h.phone.startsWith(USER_ID_PHONE_PREFIX) && !h.phone.startsWith(LID_PHONE_PREFIX));
        if (numbered) Object.assign(patch, { phone: numbered.phone, waId: numbered.waId });
        else if (userId) patch.phone = `${USER_ID_PHONE_PREFIX}${userId}`;
      }
      if (patch.phone === old.phone) delete patch.phone;
      if (Object.keys(patch).length) await this.repo.setWhatsAppIds(tx, tenantId, old.id, patch);
    }
  }

  /**
   * The user-id step, after the phone and linked id found (or not) the contact: a contact known
   * only by the user id takes the phone when a message brings it, or is merged into the phone's
   * contact when both exist (ContactMergesRepository says which stays and why); the phone's contact
   * takes the user id it did not have.
   */
  private async byUserId(
    tx: TenantTx,
    tenantId: string,
    ids: { userId: string; phone?: string; phoneId?: string },
    found: KnownContact | undefined,
    maps: { byUserId: Map<string, KnownContact>; byPhone: Map<string, KnownContact> },
    onFold: ContactFold,
    merged: ContactMerged[],
  ): Promise<KnownContact | undefined> {
    const { userId, phone, phoneId } = ids;
    const viaUser = maps.byUserId.get(userId);
    if (!found) {
      if (viaUser && phone && viaUser.phone.startsWith(USER_ID_PHONE_PREFIX)) {
        await this.repo.setWhatsAppIds(tx, tenantId, viaUser.id, { phone, waId: phoneId ?? null });
        Object.assign(viaUser, { phone, waId: phoneId ?? null });
        maps.byPhone.set(phone, viaUser);
      }
      return viaUser;
    }
    if (viaUser && viaUser.id !== found.id) {
      if (viaUser.phone.startsWith(USER_ID_PHONE_PREFIX)) {
        // once: a second delivery (or another instance) finds the first contact gone and does nothing
        if (await this.merges.lock(tx, tenantId, viaUser.id, found.id)) {
          await onFold(tx, viaUser.id, found.id);
          await this.hooks.run(tx, tenantId, viaUser.id, found.id);
          merged.push(await this.merges.merge(tx, tenantId, viaUser.id, found.id, 'wa_user_id'));
        }
      } else {
        // Meta gave the user id to another number's contact: the latest message says whose it is
        await this.repo.setWhatsAppIds(tx, tenantId, viaUser.id, { waUserId: null });
        await this.repo.setWhatsAppIds(tx, tenantId, found.id, { waUserId: userId });
      }
    } else if (found.waUserId !== userId) {
      await this.repo.setWhatsAppIds(tx, tenantId, found.id, { waUserId: userId });
    }
    found.waUserId = userId;
    maps.byUserId.set(userId, found);
    return found;
  }

  private async createLeads(tx: TenantTx, tenantId: string, senders: Sender[], at: Date, result: Map<string, ResolvedSender>) {
    const drafts = senders.map((s) => {
      const { phoneId, lid, phone, userId } = idsOf(s);
      return {
        phone: placeholderPhone(s) ?? phone!,
        waId: phoneId ?? null,
        waLid: lid ?? null,
        waUserId: userId ?? null,
        name: s.profileName?.trim() || null,
      };
    });
    const created = await this.creation.createContacts(tx, tenantId, drafts, { source: 'whatsapp', at, skipExisting: true, oneStatement: true });
    const createdAt = new Set(created.map((c) => c.index));
    for (const c of created) result.set(senderKey(senders[c.index]), { contact: { id: c.id, name: c.name, phone: c.phone, waId: c.waId, waLid: c.waLid, assignedTo: c.assignedTo }, created: true });
    const missing = senders.filter((_, i) => !createdAt.has(i));
    if (missing.length) {
      // created meanwhile by someone else (a form, an import): use theirs
      const again = await this.resolveKnownOnly(tx, tenantId, missing);
      for (const [key, contact] of again) result.set(key, { contact, created: false });
    }
  }

  private async resolveKnownOnly(tx: TenantTx, tenantId: string, senders: Sender[]) {
    const ids = senders.map((s) => ({ s, ...idsOf(s) }));
    const known = await this.repo.findWhatsAppContacts(
      tx,
      tenantId,
      ids.flatMap((i) => (i.phone ? [i.phone] : [])),
      ids.flatMap((i) => (i.lid ? [i.lid] : [])),
      ids.flatMap((i) => (i.userId ? [i.userId] : [])),
    );
    const out = new Map<string, WhatsAppContact>();
    for (const i of ids) {
      const c = known.find((k) => (i.lid && k.waLid === i.lid) || (i.phone && k.phone === i.phone) || (i.userId && k.waUserId === i.userId) || (!i.phone && k.phone === placeholderPhone(i.s)));
      if (c) out.set(senderKey(i.s), c);
    }
    return out;
  }
}

/** The phone a contact gets until its number is known: from its linked id, else from its user id. */
function placeholderPhone(s: Sender): string | undefined {
  const { phone, lid, userId } = idsOf(s);
  if (phone) return undefined;
  if (!lid && userId) return `${USER_ID_PHONE_PREFIX}${userId}`;
  return `${LID_PHONE_PREFIX}${(lid ?? s.from).replace(/@.*$/, '')}`;
}
