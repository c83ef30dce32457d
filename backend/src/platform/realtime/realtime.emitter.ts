import { Injectable } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { tenantRoom, userRoom } from './rooms.js';

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

  /** Ends a user's live connections, e.g. after deactivation (the client shows the reason and signs out). */
  forceLogout(userId: string, message: string) {
    this.toUser(userId, 'force_logout', { message });
    this.gateway.server?.in(userRoom(userId)).disconnectSockets(true);
  }
}
