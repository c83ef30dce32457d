import { z } from 'zod';
import { labelFilterQuery } from '../labels/labels.schema.js';
import { MESSENGER_CHAT_PAGE_SIZE } from '../constants.js';
import { systemEventSchema } from '../messages/system-events.js';

/** GET /chats: conversations newest first; `q` searches name or phone on the server. */
export const chatsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** `nextCursor` of the previous page. */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSENGER_CHAT_PAGE_SIZE),
  ...labelFilterQuery,
});
export type ChatsQuery = z.infer<typeof chatsQuerySchema>;

/** One row of the messenger's chat list: the contact and its conversation summary. */
export const chatSchema = z.object({
  /** The contact's id (the conversation is the contact's). */
  _id: z.string(),
  contactId: z.string(),
  name: z.string().nullable(),
  phone: z.string(),
  stage: z.string(),
  assignedTo: z.object({ _id: z.string(), name: z.string() }).nullable(),
  hasActiveFollowUp: z.boolean(),
  lastMessageAt: z.string().nullable(),
  /** The last message in one line; for a system line its English (older clients show it as is). */
  lastMessagePreview: z.string().nullable(),
  /** The last message is a line WhatsApp wrote (the contact changed their number…): its code and parameters, to word in the reader's language. */
  lastMessageSystemEvent: systemEventSchema.nullable().optional(),
  lastMessageDirection: z.enum(['in', 'out']).nullable(),
  /** Who wrote the last message when it is an outgoing one sent by a user (the list shows the name when it is not the reader). */
  lastMessageSentBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  unreadCount: z.number().int(),
  /** The ids of the contact's labels (names and colours come from GET /labels). */
  labelIds: z.array(z.string()).optional(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatPageSchema = z.object({
  items: z.array(chatSchema),
  total: z.number(),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

export const contactIdParamSchema = z.object({ contactId: z.uuid({ message: 'Invalid contact id' }) });
