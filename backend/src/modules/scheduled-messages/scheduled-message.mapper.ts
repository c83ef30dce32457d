import type { ScheduledMessage } from '@crm/common';
import type { ScheduledMessageRow } from './scheduled-messages.table.js';

export const toScheduledMessageDto = (row: ScheduledMessageRow): ScheduledMessage => ({
  _id: row.id,
  contactId: row.contactId,
  body: row.body,
  media: row.mediaPath ? { fileName: row.mediaFileName ?? null } : null,
  sendAt: row.sendAt.toISOString(),
  status: row.status,
  reason: row.reason,
  sentAt: row.sentAt?.toISOString() ?? null,
  late: row.late,
  messageId: row.messageId,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});
