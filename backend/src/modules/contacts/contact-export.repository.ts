import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { anyOf } from '../../platform/db/any-of.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { shippingCompanies } from '../shipping/shipping.table.js';
import { users } from '../users/users.table.js';
import type { ContactRecord } from './contacts.repository.js';
import { contacts } from './contacts.table.js';

/** What the export writes of a contact. */
export type ContactExportRecord = Pick<
  ContactRecord,
  | 'id'
  | 'name'
  | 'phone'
  | 'email'
  | 'address'
  | 'stage'
  | 'pipelineStatus'
  | 'dealAmount'
  | 'probability'
  | 'shippingTrackingNumber'
  | 'shippingStatus'
  | 'shippingCost'
  | 'shippingGovernorate'
  | 'shippingCity'
  | 'shippingStreet'
  | 'notes'
  | 'createdAt'
  | 'assignedName'
  | 'shippingCompanyName'
>;

/** The rows an export of contacts writes, a chunk of ids at a time. */
@Injectable()
export class ContactExportRepository {
  /**
   * The export's columns of these contacts, in the order of the ids. Only what the workbook shows:
   * reading and mapping whole rows was most of a 10,000-row export's time.
   */
  async exportRecords(tx: TenantTx, tenantId: string, ids: string[]): Promise<ContactExportRecord[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        phone: contacts.phone,
        email: contacts.email,
        address: contacts.address,
        stage: contacts.stage,
        pipelineStatus: contacts.pipelineStatus,
        dealAmount: contacts.dealAmount,
        probability: contacts.probability,
        shippingTrackingNumber: contacts.shippingTrackingNumber,
        shippingStatus: contacts.shippingStatus,
        shippingCost: contacts.shippingCost,
        shippingGovernorate: contacts.shippingGovernorate,
        shippingCity: contacts.shippingCity,
        shippingStreet: contacts.shippingStreet,
        notes: contacts.notes,
        createdAt: contacts.createdAt,
        assignedName: users.name,
        shippingCompanyName: shippingCompanies.name,
      })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.assignedTo))
      .leftJoin(shippingCompanies, eq(shippingCompanies.id, contacts.shippingCompanyId))
      .where(and(eq(contacts.tenantId, tenantId), anyOf(contacts.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is ContactExportRecord => !!r);
  }
}
