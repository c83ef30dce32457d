import { Injectable } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import type { ServerToClientEvents } from '@crm/common';
import { adminsRoom, tenantRoom, userRoom } from './rooms.js';

type EventName = keyof ServerToClientEvents & string;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How domains push events; they never touch the Socket.IO server directly. */
@Injectable()
export class RealtimeEmitter {
  constructor(private readonly gateway: RealtimeGateway) {}

  toTenant(tenantId: string, event: string, payload: unknown) {
    this.gateway.server?.to(tenantRoom(tenantId)).emit(event, payload);
  }

  toUser(userId: string, event: string, payload: unknown) {
    this.gateway.server?.to(userRoom(userId)).emit(event, payload);
  }

  /**
   * An event about one contact's conversation: to the tenant's admins and to the user the contact is
   * assigned to (a socket in both rooms gets it once). Sales users never see other reps' chats.
   */
  toContactAudience<E extends EventName>(tenantId: string, assignedTo: string | null | undefined, event: E, payload: PayloadOf<E>) {
    const rooms = assignedTo ? [adminsRoom(tenantId), userRoom(assignedTo)] : [adminsRoom(tenantId)];
    this.gateway.server?.to(rooms).emit(event, payload as never);
  }

  toAdmins<E extends EventName>(tenantId: string, event: E, payload: PayloadOf<E>) {
    this.gateway.server?.to(adminsRoom(tenantId)).emit(event, payload as never);
  }

  /** Ends a user's live connections, e.g. after deactivation (the client shows the reason and signs out). */
  forceLogout(userId: string, message: string) {
    this.toUser(userId, 'force_logout', { message });
    this.gateway.server?.in(userRoom(userId)).disconnectSockets(true);
  }
}
