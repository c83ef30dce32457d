import type {
  Contact,
  ContactStage,
  DealProduct,
  HandOverHistoryEntry,
  PipelineHistoryEntry,
  PipelineStatus,
  ShippingChangeReason,
  ShippingHistoryEntry,
  ShippingStatus,
  StageHistoryEntry,
} from '@crm/common';
import type { ContactRecord, StageHistoryRecord } from './contacts.repository.js';
import type { DealProductRecord } from './deal-lines.repository.js';
import type { PipelineChangeRecord } from './pipeline-history.repository.js';
import type { ContactHandOverRecord } from './contact-hand-overs.repository.js';
import type { ShippingChangeRecord } from './shipping-history.repository.js';

export function toStageHistoryDto(r: StageHistoryRecord): StageHistoryEntry {
  return {
    _id: r.id,
    from: (r.fromStage as ContactStage | null) ?? null,
    to: r.toStage as ContactStage,
    timestamp: r.changedAt.toISOString(),
    changedBy: r.changedBy ? { _id: r.changedBy, name: r.changedByName ?? '' } : null,
  };
}

export function toPipelineHistoryDto(r: PipelineChangeRecord): PipelineHistoryEntry {
  return {
    _id: r.id,
    from: (r.fromStatus as PipelineStatus | null) ?? null,
    to: r.toStatus as PipelineStatus,
    lostReason: r.lostReason,
    timestamp: r.changedAt.toISOString(),
    changedBy: r.changedBy ? { _id: r.changedBy, name: r.changedByName ?? '' } : null,
  };
}

export function toShippingHistoryDto(r: ShippingChangeRecord): ShippingHistoryEntry {
  return {
    _id: r.id,
    from: (r.fromStatus as ShippingStatus | null) ?? null,
    to: (r.toStatus as ShippingStatus | null) ?? null,
    reason: (r.reason as ShippingChangeReason | null) ?? null,
    timestamp: r.changedAt.toISOString(),
    changedBy: r.changedBy ? { _id: r.changedBy, name: r.changedByName ?? '' } : null,
  };
}

export function toDealProductDto(r: DealProductRecord): DealProduct {
  return {
    productId: r.product ? { _id: r.product.id, name: r.product.name, sku: r.product.sku, price: r.product.price } : null,
    qty: r.qty,
    price: r.price,
  };
}

/** The API shape of a contact, with its deal and shipping under salesData. */
export function toHandOverDto(r: ContactHandOverRecord): HandOverHistoryEntry {
  const ref = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);
  return { _id: r.id, from: ref(r.fromUserId, r.fromName), to: ref(r.toUserId, r.toName), note: r.note, timestamp: r.handedAt.toISOString(), changedBy: ref(r.handedBy, r.handedByName) };
}

export function toContactDto(
  row: ContactRecord,
  dealProducts: DealProductRecord[],
  history?: StageHistoryRecord[],
  pipelineHistory?: PipelineChangeRecord[],
  handOvers?: ContactHandOverRecord[],
  shippingHistory?: ShippingChangeRecord[],
): Contact {
  return {
    _id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    notes: row.notes,
    stage: (row.stage || 'lead') as ContactStage,
    assignedTo: row.assignedTo ? { _id: row.assignedTo, name: row.assignedName ?? '' } : null,
    source: row.source as Contact['source'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isArchived: row.isArchived,
    hasActiveFollowUp: row.hasActiveFollowUp,
    ...(history ? { stageHistory: history.map(toStageHistoryDto) } : {}),
    ...(pipelineHistory ? { pipelineHistory: pipelineHistory.map(toPipelineHistoryDto) } : {}),
    ...(handOvers ? { handOvers: handOvers.map(toHandOverDto) } : {}),
    ...(shippingHistory ? { shippingHistory: shippingHistory.map(toShippingHistoryDto) } : {}),
    products: dealProducts.map(toDealProductDto),
    salesData: {
      pipeline_status: row.pipelineStatus as PipelineStatus | null,
      amount: row.dealAmount,
      amountManual: row.dealAmountManual,
      probability: row.probability,
      shippingDetails: {
        company: row.shippingCompanyId ? { _id: row.shippingCompanyId, name: row.shippingCompanyName ?? '' } : null,
        trackingNumber: row.shippingTrackingNumber,
        cost: row.shippingCost,
        status: row.shippingStatus as ShippingStatus | null,
        address: { governorate: row.shippingGovernorate, city: row.shippingCity, street: row.shippingStreet },
        codAmount: row.codAmount,
        codCollected: row.codCollected,
      },
    },
  };
}

/** Groups deal product rows by contact. */
export function byContact(rows: DealProductRecord[]): Map<string, DealProductRecord[]> {
  const map = new Map<string, DealProductRecord[]>();
  for (const r of rows) {
    const list = map.get(r.contactId);
    if (list) list.push(r);
    else map.set(r.contactId, [r]);
  }
  return map;
}
