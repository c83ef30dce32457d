import { z } from 'zod';
import { reasonParamsSchema } from '../shared/reasons.js';
import { noteMentionSchema } from './notes.schema.js';
import { templateMessageSchema } from '../whatsapp/whatsapp-templates.schema.js';
import { systemEventSchema } from './system-events.js';

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'voice', 'document'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/**
 * Outgoing: pending → sent | failed, or `unknown` when the process sending it stopped after handing it
 * to WhatsApp and before hearing back (WhatsApp may or may not have it). Incoming: received.
 */
/**
 * `message`: written with the contact over WhatsApp. `note`: a private note of the team, kept in the
 * conversation's timeline (paged, searched and pushed like a message) but never handed to WhatsApp.
 */
export const MESSAGE_KINDS = ['message', 'note'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'unknown', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGES_PAGE_SIZE = 50;
/** Upload size limit (bytes) unless UPLOAD_MAX_MB says otherwise; WhatsApp's own media limit is 16 MB. */
export const UPLOAD_MAX_BYTES_DEFAULT = 16 * 1024 * 1024;

export const messageMetaSchema = z.object({
  /** MIME type of the media as stored (e.g. image/jpeg, audio/ogg). */
  mediaType: z.string(),
  /** A short-lived signed URL for <img>/<audio>/<video>/download; null when the file is gone ('Media not available'). */
  mediaUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The storage key (as returned by POST /messages/upload). */
  path: z.string(),
  size: z.number().nullable(),
});
export type MessageMeta = z.infer<typeof messageMetaSchema>;

/** A chat message, with the delivery state the server owns. */
export const messageSchema = z.object({
  _id: z.string(),
  contactId: z.string(),
  /** A note (the team's only: never sent) is drawn apart; its author is `sentBy`. */
  kind: z.enum(MESSAGE_KINDS),
  /** On the note a hand-over leaves: who took the chat over, who handed it, and the note given (drawn in the reader's language). */
  handOver: z.object({ to: z.string(), by: z.string(), note: z.string().nullable() }).nullable(),
  /** On a note: the colleagues it mentions, named as in its text (`@name`), which the bubble marks. Empty otherwise. */
  mentions: z.array(noteMentionSchema),
  direction: z.enum(['in', 'out']),
  type: z.enum(MESSAGE_TYPES),
  body: z.string(),
  createdAt: z.string(),
  /** pending → sent | failed (or unknown: maybe delivered) for outgoing; received for incoming. */
  status: z.enum(MESSAGE_STATUSES),
  /** 0 not yet, 1 sent, 2 delivered, 3 read. */
  ack: z.number().int().min(0).max(3),
  /** Deleted for everyone by staff: shown as 'This message was deleted'. */
  deleted: z.boolean(),
  /** The contact deleted it for everyone: staff still read it, marked "deleted by the contact". */
  deletedByContact: z.boolean(),
  /** Hidden with "delete for me" (only ever true in the `msg:update` that hides it). */
  hidden: z.boolean(),
  /** Why sending failed (status failed) or may not have been delivered (unknown), in English. */
  error: z.string().nullable(),
  /** The same as a code (message-errors.ts) for the user's language; null on messages stored before codes. */
  errorCode: z.string().nullable(),
  errorParams: reasonParamsSchema.nullable(),
  /** Whether POST /messages/{id}/retry may resend it (an `unknown` one only with `confirmDuplicate`). */
  retryable: z.boolean(),
  automated: z.boolean(),
  followUpRunId: z.string().nullable(),
  /** The user who sent it (outgoing typed messages). */
  sentBy: z.string().nullable(),
  /** That user's name, so a chat can say who wrote an outgoing message (null: automated, from the phone, or the user is gone). */
  sentByName: z.string().nullable(),
  /** The client's id for its optimistic copy (echoed, so the stored copy replaces it). */
  clientId: z.string().nullable(),
  meta: messageMetaSchema.nullable(),
  /** Sent as a WhatsApp template (the official API): its name and language; `body` is the template's text filled in. */
  template: z.object({ name: z.string(), language: z.string() }).nullable().optional(),
  /** A line WhatsApp wrote (the contact changed their number…): drawn as a system line in the reader's language, not a bubble. */
  systemEvent: systemEventSchema.nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesQuerySchema = z.object({
  contactId: z.uuid({ message: 'contactId is required' }),
  /** Cursor of the oldest message already shown (`nextCursor` of the previous page): returns older ones. */
  before: z.string().max(200).optional(),
  /** Cursor of the newest message shown (`newerCursor`): returns newer ones, after a page opened `around` a message. */
  after: z.string().max(200).optional(),
  /** A message id: the page holds it with older and newer messages on both sides (a search result opened). */
  around: z.uuid({ message: 'around must be a message id' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGES_PAGE_SIZE),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** A page of a conversation, oldest first (newest last); `nextCursor` fetches the page before it. */
export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  total: z.number(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  /**
   * The official API's 24-hour window for free-form messages to this contact: open until
   * `closesAt` (24 hours after the contact's last message); null when the company links WhatsApp
   * by QR (no window). Once closed, only an approved template may be sent. Always sent by the server.
   */
  replyWindow: z.object({ open: z.boolean(), closesAt: z.string().nullable() }).nullable().optional(),
  /** Newer messages exist (only on a page opened `around` a message or loaded `after` one); `newerCursor` loads them. */
  hasNewer: z.boolean().optional(),
  newerCursor: z.string().nullable().optional(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const MESSAGE_SEARCH_PAGE_SIZE = 20;

/** Search every message the user may see: `q` folded (message-search.ts), newest first, `cursor` = nextCursor. */
export const messageSearchQuerySchema = z.object({
  q: z.string().trim().min(2, { message: 'Type at least 2 characters to search.' }).max(200),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(MESSAGE_SEARCH_PAGE_SIZE),
});
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;

/** One message found, with the chat it is in. */
export const messageSearchHitSchema = z.object({
  messageId: z.string(),
  contactId: z.string(),
  /** The chat's name: the contact's name, or null (show the phone). */
  contactName: z.string().nullable(),
  contactPhone: z.string(),
  /** A team note is found too (by those who may see its chat), shown as a note. */
  kind: z.enum(MESSAGE_KINDS),
  direction: z.enum(['in', 'out']),
  type: z.enum(MESSAGE_TYPES),
  body: z.string(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

/** Newest first; no total (counting every match of a common word is what makes a search slow). */
export const messageSearchPageSchema = z.object({
  items: z.array(messageSearchHitSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type MessageSearchPage = z.infer<typeof messageSearchPageSchema>;

export const sendMessageSchema = z
  .object({
    contactId: z.uuid({ message: 'contactId is required' }),
    /** text, or a media kind (inferred from the upload when absent), or `template` (with `template`). */
    type: z.enum([...MESSAGE_TYPES, 'template']).optional(),
    /** The text, or the caption of a media message. */
    body: z.string().max(65_536).optional(),
    /**
     * The upload to send (from POST /messages/upload). The spec's client sends `meta` with every
     * message: without a `path` (`{}`, null fields) it carries no upload and the message is text.
     */
    meta: z.object({ path: z.string().max(500).nullish(), fileName: z.string().max(255).nullish(), mediaType: z.string().max(255).nullish() }).nullish(),
    /** The client's id for its pending copy; a repeated POST with the same clientId sends once. */
    clientId: z.string().trim().min(1).max(100).optional(),
    /** With `type: "template"`: an approved WhatsApp template (official API only), sent whether or not the 24-hour window is open. */
    template: templateMessageSchema.optional(),
  })
  .refine((m) => m.type !== 'template' || !!m.template, { message: 'Choose a template.', path: ['template'] })
  .refine((m) => m.type === 'template' || uploadPathOf(m) || (m.body ?? '').trim().length > 0, { message: 'Message text is required.', path: ['body'] })
  .refine((m) => m.type === 'template' || uploadPathOf(m) || !m.type || m.type === 'text', { message: 'A media message needs an uploaded file.', path: ['meta'] });
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/**
 * POST /messages/{id}/retry. A message whose delivery is `unknown` may already be on the contact's
 * phone: it is sent again only with `confirmDuplicate: true` (the user accepted a possible duplicate).
 */
export const retryMessageSchema = z.object({ confirmDuplicate: z.boolean().default(false) });
export type RetryMessageRequest = z.infer<typeof retryMessageSchema>;

/** The storage key of the upload a send request carries; undefined when it is a text message (no meta, or meta without a path). */
export function uploadPathOf(m: { meta?: { path?: string | null } | null }): string | undefined {
  return m.meta?.path?.trim() || undefined;
}

export const deleteMessageSchema = z.object({ forEveryone: z.boolean().default(false) });
export type DeleteMessageRequest = z.infer<typeof deleteMessageSchema>;

/** POST /messages/upload answer: path, fileName, url, mediaType. */
export const uploadResultSchema = z.object({
  path: z.string(),
  fileName: z.string(),
  /** Signed, short-lived URL for the preview. */
  url: z.string(),
  mediaType: z.string(),
  /** The message type this file is sent as. */
  type: z.enum(MESSAGE_TYPES),
  size: z.number(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const mediaUrlSchema = z.object({ url: z.string().nullable(), expiresAt: z.string().nullable() });
export type MediaUrl = z.infer<typeof mediaUrlSchema>;
