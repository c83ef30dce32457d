import type { OrderConfirmation, OrderConfirmationStatus } from '@crm/common';
import type { OrderConfirmationRow } from './order-confirmations.table.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toOrderConfirmationDto = (row: OrderConfirmationRow): OrderConfirmation => ({
  _id: row.id,
  contactId: row.contactId,
  // claimed but not recorded as sent yet: still waiting to be sent, as far as anyone can tell
  status: (row.status === 'open' && !row.sentAt ? 'scheduled' : row.status) as OrderConfirmationStatus,
  sendAt: row.sendAt.toISOString(),
  sentAt: iso(row.sentAt),
  remindedAt: iso(row.remindedAt),
  answeredAt: iso(row.answeredAt),
  createdAt: row.createdAt.toISOString(),
});
