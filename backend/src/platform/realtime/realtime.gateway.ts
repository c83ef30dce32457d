import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import type { TenantActor } from '../auth/actor.js';
import { AuthService } from '../../modules/auth/auth.service.js';
import { bearerToken } from '../../modules/auth/auth.guard.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { RealtimeClientEvents } from './client-events.js';
import { adminsRoom, platformRoom, tenantRoom, userRoom } from './rooms.js';

/**
 * The realtime door. A socket proves who it is with the same token as HTTP (handshake `auth.token`)
 * and joins its rooms: `tenant:{id}` and `user:{id}` for staff (plus `admins:{tenantId}` for admins),
 * `platform` for the super administrator. Client events registered in RealtimeClientEvents are bound
 * to staff sockets once authenticated.
 */
// origins are checked by OriginCheckedIoAdapter (app.factory.ts), with the HTTP API's rule
@WebSocketGateway({ transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;

  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clientEvents: RealtimeClientEvents,
  ) {}

  async afterInit(server: Server) {
    if (this.config.redisUrl) await attachRedisAdapter(server, this.config.redisUrl, this.logger);
  }

  async handleConnection(socket: Socket) {
    // bind client events at once: a client may send (e.g. wa:get_status) before authentication ends
    let authenticated!: (actor: TenantActor | undefined) => void;
    const tenantActor = new Promise<TenantActor | undefined>((resolve) => (authenticated = resolve));
    for (const [event, handler] of this.clientEvents.entries()) {
      socket.on(event, (...args: unknown[]) => {
        tenantActor
          .then((actor) => (actor ? handler(actor, socket, args) : undefined))
          .catch((err: unknown) => this.logger.warn(`${event} failed: ${err instanceof Error ? err.message : err}`));
      });
    }
    const token = (socket.handshake.auth?.token as string | undefined) ?? bearerToken(socket.handshake.headers.authorization);
    if (!token) {
      authenticated(undefined);
      return this.refuse(socket, 'Please sign in to continue.');
    }
    try {
      const actor = await this.auth.authenticateTenant(token);
      socket.data.actor = actor;
      const rooms = [tenantRoom(actor.tenantId), userRoom(actor.userId)];
      if (actor.role === 'admin') rooms.push(adminsRoom(actor.tenantId));
      await socket.join(rooms);
      authenticated(actor);
      return;
    } catch {
      // not a tenant token: maybe the super administrator's
    }
    authenticated(undefined);
    try {
      const actor = await this.auth.authenticateSuper(token);
      socket.data.actor = actor;
      await socket.join(platformRoom());
    } catch (err) {
      this.refuse(socket, err instanceof Error ? err.message : 'Please sign in to continue.');
    }
  }

  private refuse(socket: Socket, message: string) {
    socket.emit('auth_error', { message });
    socket.disconnect(true);
  }
}
