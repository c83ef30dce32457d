/**
 * Typed Socket.IO event maps, shared by the backend gateway and the clients.
 *
 * Event names are exactly the specification's: they are the clients' contract. Use with
 * `Server<ClientToServerEvents, ServerToClientEvents>` on the backend and
 * `Socket<ServerToClientEvents, ClientToServerEvents>` in socket.io-client.
 */

import type { Chat } from '../chats/chats.schema.js';
import type { DealCard } from '../deal-board/deal-board.schema.js';
import type { PipelineStatus } from '../constants.js';
import type { Message } from '../messages/messages.schema.js';
import type { CampaignProgressEvent } from '../campaigns/campaigns.schema.js';
import type { ScheduledMessage } from '../scheduled-messages/scheduled-messages.schema.js';

export const SERVER_EVENTS = {
  messageNew: 'msg:new',
  messageUpdate: 'msg:update',
  messageNotification: 'msg:notification',
  chatUpdate: 'chat:update',
  whatsappStatus: 'wa:status',
  forceLogout: 'force_logout',
  newNotification: 'new_notification',
  userStatusChange: 'user:status_change',
  userIdle: 'user:idle',
  dealUpdate: 'deal:update',
  campaignProgress: 'campaign:progress',
  scheduledUpdate: 'scheduled:update',
} as const;

export const CLIENT_EVENTS = {
  whatsappGetStatus: 'wa:get_status',
  presenceInput: 'presence:input',
} as const;

/** Socket.IO path; the server and the clients must agree on it. */
export const SOCKET_IO_PATH = '/socket.io';

/** The handshake `auth` payload: the same bearer token as the REST API. */
export interface SocketAuth {
  token: string;
}

export type MessageDirection = 'in' | 'out';
/** 1 sent, 2 delivered, 3 read: WhatsApp's ack levels (0 before the first). */
export type MessageAck = 0 | 1 | 2 | 3;

/**
 * A chat message as pushed in `msg:new` and `msg:update`: the same shape as the REST API's
 * (messages/messages.schema.ts). `msg:new` carries the stored copy (for an outgoing message it
 * replaces the client's pending copy: match on `clientId`) and the conversation's new summary.
 * Who receives message events: the tenant's admins, and the user the contact is assigned to.
 */
export type RealtimeMessage = Message;
export type NewMessageEvent = Message & { chat: Chat | null };

/**
 * `msg:notification`: sent to the assigned user only, for a message the contact wrote (not for a
 * line WhatsApp wrote into the conversation); the desktop shows it as a native notification.
 */
export interface MessageNotificationEvent {
  /** The assigned user's id, or null for an unassigned contact. */
  assignedTo: string | null;
  contactId: string;
  /** The contact's name, else its stored phone (what clients before `contact` read). */
  contactName: string;
  /** The contact's name (null: none) and stored phone apart, to word as the client shows contacts; absent from older servers. */
  contact?: { name: string | null; phone: string };
  /** The message in one line (a media label in English before a caption). */
  messageBody: string;
}

/** `wa:status`: the tenant's WhatsApp session; see whatsapp.schema.ts for states. `qr` only on the sockets of users with `whatsapp.session.manage` (admins), null on the others. */
export interface WhatsAppStatusEvent {
  state: string;
  ready: boolean;
  qr: string | null;
  tenantId: string;
  reason?: string | null;
  /** whatsapp-reasons.ts: the reason for the user's language. */
  reasonCode?: string | null;
  phoneNumber?: string | null;
}

/** Why a session ended; `force_logout` carries it when the user did not sign out themselves. */
export type SessionEndReason = 'logout' | 'expired' | 'deactivated' | 'suspended' | 'subscription_expired' | 'role_changed' | 'password_changed' | 'account_deleted' | 'company_deleted';

/**
 * `force_logout`: the session of this socket has ended without the user asking (deactivated,
 * expired, role or password changed, company suspended): show `message`, sign out. The server
 * disconnects the socket right after.
 */
export interface ForceLogoutEvent {
  message: string;
  reason: SessionEndReason;
}

export interface NotificationEvent {
  _id: string;
  /** What happened (notification-codes.ts), worded by the client; absent from older servers. */
  code?: string | null;
  params?: Record<string, string | number> | null;
  /** The English text: the fallback for a code the client does not know. */
  text: string;
  link?: string | null;
  isRead: boolean;
  createdAt: string;
}

export interface UserStatusChangeEvent {
  userId: string;
  isOnline: boolean;
  lastSeen: string | null;
}

export interface UserIdleEvent {
  userId: string;
}

/** A deal where a board shows it: its status and amount (null: not a deal). */
export interface DealPlace {
  status: PipelineStatus;
  amount: number | null;
}

/**
 * `deal:update`: a deal moved, was added to the pipeline, left it, or its amount changed, by anyone.
 * To the company's admins and the deal's assignee. `before` and `after` let an open board move the
 * card and correct both columns' counts and totals; `card` is the card as the board shows it (null
 * when the contact is no longer a deal). A deal changing hands comes to the admins with `before`
 * and `after` alike (the new assignee on the card), to the new assignee with `before` null (it is
 * new to their board) and to the previous one with `after` null (it leaves theirs).
 */
export interface DealUpdateEvent {
  contactId: string;
  before: DealPlace | null;
  after: DealPlace | null;
  card: DealCard | null;
}

export interface ServerToClientEvents {
  'msg:new': (message: NewMessageEvent) => void;
  /** Ack, status (sent/failed/retry), deletion or "delete for me" (hidden) of a message: replace it by `_id`. */
  'msg:update': (message: RealtimeMessage) => void;
  'msg:notification': (event: MessageNotificationEvent) => void;
  /** A conversation's summary changed without a new message (read, new contact): replace it by `_id`. */
  'chat:update': (chat: Chat) => void;
  'wa:status': (status: WhatsAppStatusEvent) => void;
  force_logout: (event: ForceLogoutEvent) => void;
  new_notification: (notification: NotificationEvent) => void;
  'user:status_change': (event: UserStatusChangeEvent) => void;
  'user:idle': (event: UserIdleEvent) => void;
  'deal:update': (event: DealUpdateEvent) => void;
  /** A campaign's counts or status changed: to the company's admins. */
  'campaign:progress': (event: CampaignProgressEvent) => void;
  /**
   * A chat's scheduled message was created, changed, cancelled, sent or failed: replace it by `_id`
   * in that contact's list. To the company's admins and the contact's assignee, as `msg:new` is;
   * the message it became arrives as an ordinary `msg:new`.
   */
  'scheduled:update': (message: ScheduledMessage) => void;
}

export interface ClientToServerEvents {
  /** Answered with `wa:status` to this socket, from the per-tenant status cache. */
  'wa:get_status': () => void;
  /** The user touched this window (keys, pointer, wheel): sent at most every PRESENCE_INPUT_THROTTLE_MS. */
  'presence:input': () => void;
}

/** How often a window reports input at most; well under the idle time. */
export const PRESENCE_INPUT_THROTTLE_MS = 30_000;
