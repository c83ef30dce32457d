import { Injectable } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import type { ForceLogoutEvent, Permission, ServerToClientEvents } from '@crm/common';
import { adminsRoom, permissionRoom, tenantRoom, userRoom } from './rooms.js';

type EventName = keyof ServerToClientEvents & string;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How domains push events; they never touch the Socket.IO server directly. Every method is typed
 * against the server-to-client event map in common/src/realtime/events.ts: an event name or payload
 * the client does not know is a compile error.
 */
@Injectable()
export class RealtimeEmitter {
  constructor(private readonly gateway: RealtimeGateway) {}

  toTenant<E extends EventName>(tenantId: string, event: E, payload: PayloadOf<E>) {
    this.gateway.server?.to(tenantRoom(tenantId)).emit(event, payload as never);
  }

  /**
   * An event to every socket of the company, whose full payload only the users whose role holds
   * `permission` may see: their sockets get `full`, every other socket of the company gets
   * `redacted` (each socket exactly one of the two).
   */
  toTenantByPermission<E extends EventName>(tenantId: string, permission: Permission, event: E, full: PayloadOf<E>, redacted: PayloadOf<E>) {
    const server = this.gateway.server;
    if (!server) return;
    const permitted = permissionRoom(tenantId, permission);
    server.to(permitted).emit(event, full as never);
    server
      .to(tenantRoom(tenantId))
      .except(permitted)
      .emit(event, redacted as never);
  }

  toUser<E extends EventName>(userId: string, event: E, payload: PayloadOf<E>) {
    this.gateway.server?.to(userRoom(userId)).emit(event, payload as never);
  }

  /**
   * An event about one contact's conversation: to the tenant's admins and to the user the contact is
   * assigned to (a socket in both rooms gets it once). Sales users never see other reps' chats.
   */
  toContactAudience<E extends EventName>(tenantId: string, assignedTo: string | null | undefined, event: E, payload: PayloadOf<E>) {
    const rooms = assignedTo ? [adminsRoom(tenantId), userRoom(assignedTo)] : [adminsRoom(tenantId)];
    this.gateway.server?.to(rooms).emit(event, payload as never);
  }

  /**
   * To one user's sockets unless they are in the company's admins room: for an event whose admin
   * version differs (the admins get theirs with toAdmins), so no socket gets both.
   */
  toUserUnlessAdmin<E extends EventName>(tenantId: string, userId: string, event: E, payload: PayloadOf<E>) {
    this.gateway.server
      ?.to(userRoom(userId))
      .except(adminsRoom(tenantId))
      .emit(event, payload as never);
  }

  toAdmins<E extends EventName>(tenantId: string, event: E, payload: PayloadOf<E>) {
    this.gateway.server?.to(adminsRoom(tenantId)).emit(event, payload as never);
  }

  /**
   * Which of the company's `userIds` are connected right now, on any instance, and whether they are
   * idle. Answers within about a second even when an instance hangs (then from this instance's
   * sockets and the Redis counts: see PresenceTracker.connectedUsers).
   */
  connectedUsers(tenantId: string, userIds: readonly string[]) {
    return this.gateway.connectedUsers(tenantId, userIds);
  }

  /**
   * Disconnects the session's sockets on every instance. Pass `end` (reason and message) when the
   * user did not sign out themselves: they get `force_logout` first and the client says why.
   */
  endSession(sessionId: string, end?: ForceLogoutEvent) {
    this.gateway.endSession(sessionId, end);
  }
}
