import { Injectable } from '@nestjs/common';
import { phoneFromWhatsAppId } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newId } from '../../platform/db/columns.js';
import { ChatsRepository, type NewLead, type SenderContact } from './chats.repository.js';

export type Sender = {
  /** The chat id WhatsApp reported (`…@c.us` or `…@lid`). */
  from: string;
  phoneId?: string;
  lid?: string;
  profileName?: string;
};

export type ResolvedSender = { contact: SenderContact; created: boolean };

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
 * number, named after the WhatsApp profile and assigned by the tenant's lead distribution strategy:
 * round-robin over active sales users in turn (the cursor lives in tenant_settings and the row is
 * locked, so concurrent creators take turns), or manual (unassigned). Works on a whole batch with a
 * fixed number of queries.
 */
@Injectable()
export class ContactResolver {
  constructor(private readonly repo: ChatsRepository) {}

  async resolve(tx: TenantTx, tenantId: string, senders: Sender[], at: Date): Promise<Map<string, ResolvedSender>> {
    const unique = new Map<string, Sender>();
    for (const s of senders) if (!unique.has(senderKey(s))) unique.set(senderKey(s), s);
    const phones = new Set<string>();
    const lids = new Set<string>();
    for (const s of unique.values()) {
      const ids = idsOf(s);
      if (ids.phone) phones.add(ids.phone);
      if (ids.lid) lids.add(ids.lid);
    }
    const known = await this.repo.findSenders(tx, tenantId, [...phones], [...lids]);
    const byPhone = new Map(known.map((c) => [c.phone, c]));
    const byLid = new Map(known.filter((c) => c.waLid).map((c) => [c.waLid!, c]));

    const result = new Map<string, ResolvedSender>();
    const unknown: Sender[] = [];
    for (const [key, s] of unique) {
      const { phoneId, lid, phone } = idsOf(s);
      const viaLid = lid ? byLid.get(lid) : undefined;
      const viaPhone = phone ? byPhone.get(phone) : undefined;
      let contact: SenderContact | undefined;
      if (viaLid && viaPhone && viaLid.id !== viaPhone.id) {
        contact = viaPhone;
        if (viaLid.phone.startsWith(LID_PHONE_PREFIX)) {
          await this.repo.mergeInto(tx, tenantId, viaLid.id, viaPhone.id);
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
    const distribution = await this.repo.lockDistribution(tx, tenantId);
    const salesIds = distribution.strategy === 'round-robin' ? await this.repo.activeSalesUserIds(tx, tenantId) : [];
    let turn = distribution.lastUserId ? salesIds.indexOf(distribution.lastUserId) : -1;
    const planned: { key: string; lead: NewLead }[] = senders.map((s) => {
      const { phoneId, lid, phone } = idsOf(s);
      let assignedTo: string | null = null;
      if (salesIds.length) {
        turn = (turn + 1) % salesIds.length;
        assignedTo = salesIds[turn];
      }
      return {
        key: senderKey(s),
        lead: {
          id: newId(),
          phone: phone ?? `${LID_PHONE_PREFIX}${(lid ?? s.from).replace(/@.*$/, '')}`,
          waId: phoneId ?? null,
          waLid: lid ?? null,
          name: s.profileName?.trim() || null,
          assignedTo,
        },
      };
    });
    const created = await this.repo.insertLeads(tx, tenantId, planned.map((p) => p.lead), at);
    const createdIds = new Set(created.map((c) => c.id));
    let lastAssigned: string | null = null;
    const missing: Sender[] = [];
    for (const [i, p] of planned.entries()) {
      if (createdIds.has(p.lead.id)) {
        result.set(p.key, { contact: { ...p.lead }, created: true });
        if (p.lead.assignedTo) lastAssigned = p.lead.assignedTo;
      } else missing.push(senders[i]);
    }
    if (lastAssigned) await this.repo.saveRoundRobinCursor(tx, tenantId, lastAssigned);
    if (missing.length) {
      // created meanwhile by someone else (a form, an import): use theirs
      const again = await this.resolveKnownOnly(tx, tenantId, missing);
      for (const [key, contact] of again) result.set(key, { contact, created: false });
    }
  }

  private async resolveKnownOnly(tx: TenantTx, tenantId: string, senders: Sender[]) {
    const ids = senders.map((s) => ({ s, ...idsOf(s) }));
    const known = await this.repo.findSenders(
      tx,
      tenantId,
      ids.flatMap((i) => (i.phone ? [i.phone] : [])),
      ids.flatMap((i) => (i.lid ? [i.lid] : [])),
    );
    const out = new Map<string, SenderContact>();
    for (const i of ids) {
      const c = known.find((k) => (i.lid && k.waLid === i.lid) || (i.phone && k.phone === i.phone) || (!i.phone && k.phone === `${LID_PHONE_PREFIX}${(i.lid ?? i.s.from).replace(/@.*$/, '')}`));
      if (c) out.set(senderKey(i.s), c);
    }
    return out;
  }
}
