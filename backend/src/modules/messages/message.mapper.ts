import { MESSAGE_TYPES, type Message, type MessageType } from '@crm/common';
import type { SignedUrls } from '../../platform/files/signed-urls.js';
import type { MessageRow } from './messages.table.js';

const TYPES = new Set<string>(MESSAGE_TYPES);

/** `authorName`: the name of the user in `sentBy` (null when unknown). */
export function toMessageDto(row: MessageRow, urls: SignedUrls, authorName: string | null = null): Message {
  return {
    _id: row.id,
    contactId: row.contactId,
    kind: row.kind === 'note' ? 'note' : 'message',
    handOver: row.handOver ?? null,
    mentions: row.mentions ?? [],
    direction: row.direction === 'in' ? 'in' : 'out',
    type: (TYPES.has(row.type) ? row.type : 'text') as MessageType,
    body: row.body ?? '',
    createdAt: row.createdAt.toISOString(),
    status: row.status as Message['status'],
    ack: Math.max(0, Math.min(3, row.ack)),
    deleted: row.deletedForEveryone && row.deletedBy !== 'contact',
    deletedByContact: row.deletedForEveryone && row.deletedBy === 'contact',
    hidden: row.hiddenForTenant,
    error: row.error,
    errorCode: row.errorCode,
    errorParams: row.errorParams,
    // an `unknown` one only with confirmDuplicate (it may be on the phone already)
    retryable: (row.status === 'failed' && row.errorRetryable) || row.status === 'unknown',
    automated: row.automated,
    followUpRunId: row.followUpRunId,
    sentBy: row.sentBy,
    sentByName: row.sentBy ? authorName : null,
    clientId: row.clientId,
    template: row.template ? { name: row.template.name, language: row.template.language } : null,
    systemEvent: row.systemEvent ?? null,
    meta: row.mediaPath
      ? {
          mediaType: row.mediaMime ?? 'application/octet-stream',
          mediaUrl: urls.sign(row.mediaPath, { fileName: row.mediaFileName }).url,
          fileName: row.mediaFileName,
          path: row.mediaPath,
          size: row.mediaSize,
        }
      : null,
  };
}

export type MessageCursor = { at: Date; id: string };

export const encodeMessageCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

export function decodeMessageCursor(value: string): MessageCursor | undefined {
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return { at: new Date(at), id };
}
