/**
 * Typed Socket.IO event maps, shared by the backend gateway and the clients.
 *
 * Event names are exactly the spec's (spec/core.md §7, spec/admin.md §7). Use with
 * `Server<ClientToServerEvents, ServerToClientEvents>` on the backend and
 * `Socket<ServerToClientEvents, ClientToServerEvents>` in socket.io-client.
 */

export const SERVER_EVENTS = {
  messageNew: 'msg:new',
  messageNotification: 'msg:notification',
  whatsappStatus: 'wa:status',
  forceLogout: 'force_logout',
  newNotification: 'new_notification',
  userStatusChange: 'user:status_change',
  userIdle: 'user:idle',
} as const;

export const CLIENT_EVENTS = {
  whatsappGetStatus: 'wa:get_status',
} as const;

/** Socket.IO path; the server and the clients must agree on it. */
export const SOCKET_IO_PATH = '/socket.io';

/** The handshake `auth` payload: the same bearer token as the REST API. */
export interface SocketAuth {
  token: string;
}

export type MessageDirection = 'in' | 'out';
/** 1 sent, 2 delivered, 3 read (spec/core.md §4). */
export type MessageAck = 0 | 1 | 2 | 3;

/** A chat message as pushed in `msg:new` (the messages domain owns the full REST schema). */
export interface RealtimeMessage {
  _id: string;
  contactId: string;
  direction: MessageDirection;
  type: string;
  body: string;
  createdAt: string;
  deleted?: boolean;
  ack?: MessageAck;
  meta?: { mediaType?: string; mediaUrl?: string; fileName?: string; path?: string };
}

/** `msg:notification`: shown as a desktop notification only to the assigned user. */
export interface MessageNotificationEvent {
  /** The assigned user's id, or null for an unassigned contact. */
  assignedTo: string | null;
  contactId: string;
  contactName: string;
  messageBody: string;
}

/** `wa:status`: the tenant's WhatsApp session (spec/core.md §4 "WhatsApp connection"). */
export interface WhatsAppStatusEvent {
  state: string;
  ready: boolean;
  qr: string | null;
  tenantId: string;
}

export interface ForceLogoutEvent {
  message: string;
}

export interface NotificationEvent {
  _id: string;
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

export interface ServerToClientEvents {
  'msg:new': (message: RealtimeMessage) => void;
  'msg:notification': (event: MessageNotificationEvent) => void;
  'wa:status': (status: WhatsAppStatusEvent) => void;
  force_logout: (event: ForceLogoutEvent) => void;
  new_notification: (notification: NotificationEvent) => void;
  'user:status_change': (event: UserStatusChangeEvent) => void;
  'user:idle': (event: UserIdleEvent) => void;
}

export interface ClientToServerEvents {
  'wa:get_status': () => void;
}
