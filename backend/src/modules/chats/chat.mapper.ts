import type { Chat, SystemEvent } from '@crm/common';

/** A contact row as the chat queries return it (snake_case from raw SQL). */
export type ChatRow = {
  id: string;
  name: string | null;
  phone: string;
  stage: string;
  assigned_to: string | null;
  assigned_name: string | null;
  has_active_follow_up: boolean;
  last_message_at: Date | string | null;
  last_message_preview: string | null;
  last_message_system_event?: SystemEvent | string | null;
  last_message_direction: string | null;
  unread_count: number;
  label_ids: string[] | null;
  last_sent_by?: string | null;
  last_sent_by_name?: string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

export function toChatDto(row: ChatRow): Chat {
  return {
    _id: row.id,
    contactId: row.id,
    name: row.name,
    phone: row.phone,
    stage: row.stage || 'lead',
    assignedTo: row.assigned_to ? { _id: row.assigned_to, name: row.assigned_name ?? '' } : null,
    hasActiveFollowUp: row.has_active_follow_up,
    lastMessageAt: iso(row.last_message_at),
    lastMessagePreview: row.last_message_preview,
    lastMessageSystemEvent: systemEventOf(row.last_message_system_event),
    lastMessageDirection: row.last_message_direction === 'in' || row.last_message_direction === 'out' ? row.last_message_direction : null,
    lastMessageSentBy: row.last_message_direction === 'out' && row.last_sent_by ? { _id: row.last_sent_by, name: row.last_sent_by_name ?? '' } : null,
    unreadCount: Number(row.unread_count),
    labelIds: row.label_ids ?? [],
  };
}

/** A jsonb column read through raw SQL: parsed by node-postgres, a string from a driver that leaves it as text. */
function systemEventOf(value: SystemEvent | string | null | undefined): SystemEvent | null {
  if (!value) return null;
  return typeof value === 'string' ? (JSON.parse(value) as SystemEvent) : value;
}

export type ChatCursor = { at: string | null; id: string };

export const encodeChatCursor = (c: ChatCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

export function decodeChatCursor(value: string): ChatCursor | undefined {
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    if (at !== null && (typeof at !== 'string' || Number.isNaN(Date.parse(at)))) return undefined;
    return { at: at as string | null, id };
  } catch {
    return undefined;
  }
}

/** The chat list's one-line preview of a message. */
export function messagePreview(m: { type: string; body: string | null; mediaFileName?: string | null }): string {
  const text = (m.body ?? '').replace(/\s+/g, ' ').trim();
  const label: Record<string, string> = { image: '📷 Photo', video: '🎥 Video', audio: '🎵 Audio', voice: '🎤 Voice message', document: `📄 ${m.mediaFileName || 'Document'}` };
  const base = m.type === 'text' ? text : text ? `${label[m.type] ?? ''} ${text}`.trim() : (label[m.type] ?? text);
  return base.length > 120 ? `${base.slice(0, 119)}…` : base;
}
