import { Injectable } from '@nestjs/common';
import { phoneFromWhatsAppId } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ContactCreationService } from './contact-creation.service.js';
import { ContactsRepository, type WhatsAppContact } from './contacts.repository.js';

export type Sender = {
  /** The chat id WhatsApp reported (`…@c.us` or `…@lid`). */
  from: string;
  phoneId?: string;
  lid?: string;
  profileName?: string;
};

export type ResolvedSender = { contact: WhatsAppContact; created: boolean };

/**
 * Called when a contact known only by its linked id is folded into the phone's contact, before the
 * first is deleted: the caller moves what it keeps of that contact (its messages) to the second.
 */
export type ContactFold = (tx: TenantTx, fromContactId: string, intoContactId: string) => Promise<void>;

/** A contact with no phone known yet (WhatsApp gave only a linked id) carries this placeholder until it is. */
export const LID_PHONE_PREFIX = 'lid:';

export const senderKey = (s: Sender) => s.lid ?? s.phoneId ?? s.from;

function idsOf(s: Sender) {
  const phoneId = s.phoneId ?? (s.from.endsWith('@c.us') ? s.from : undefined);
  const lid = s.lid ?? (s.from.endsWith('@lid') ? s.from : undefined);
  return { phoneId, lid, phone: phoneId ? phoneFromWhatsAppId(phoneId) : undefined };
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
  ) {}

  async resolve(tx: TenantTx, tenantId: string, senders: Sender[], at: Date, onFold: ContactFold): Promise<Map<string, ResolvedSender>> {
    const unique = new Map<string, Sender>();
    for (const s of senders) if (!unique.has(senderKey(s))) unique.set(senderKey(s), s);
    const phones = new Set<string>();
    const lids = new Set<string>();
    for (const s of unique.values()) {
      const ids = idsOf(s);
      if (ids.phone) phones.add(ids.phone);
      if (ids.lid) lids.add(ids.lid);
    }
    const known = await this.repo.findWhatsAppContacts(tx, tenantId, [...phones], [...lids]);
    const byPhone = new Map(known.map((c) => [c.phone, c]));
    const byLid = new Map(known.filter((c) => c.waLid).map((c) => [c.waLid!, c]));

    const result = new Map<string, ResolvedSender>();
    const unknown: Sender[] = [];
    for (const [key, s] of unique) {
      const { phoneId, lid, phone } = idsOf(s);
      const viaLid = lid ? byLid.get(lid) : undefined;
      const viaPhone = phone ? byPhone.get(phone) : undefined;
      let contact: WhatsAppContact | undefined;
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
      if (contact) result.set(key, { contact, created: false });
      else unknown.push(s);
    }
    if (unknown.length) await this.createLeads(tx, tenantId, unknown, at, result);
    return result;
  }

  private async createLeads(tx: TenantTx, tenantId: string, senders: Sender[], at: Date, result: Map<string, ResolvedSender>) {
    const drafts = senders.map((s) => {
      const { phoneId, lid, phone } = idsOf(s);
      return {
        phone: phone ?? `${LID_PHONE_PREFIX}${(lid ?? s.from).replace(/@.*$/, '')}`,
        waId: phoneId ?? null,
        waLid: lid ?? null,
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
    );
    const out = new Map<string, WhatsAppContact>();
    for (const i of ids) {
      const c = known.find((k) => (i.lid && k.waLid === i.lid) || (i.phone && k.phone === i.phone) || (!i.phone && k.phone === `${LID_PHONE_PREFIX}${(i.lid ?? i.s.from).replace(/@.*$/, '')}`));
      if (c) out.set(senderKey(i.s), c);
    }
    return out;
  }
}
