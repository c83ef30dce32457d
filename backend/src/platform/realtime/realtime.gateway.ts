import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { AuthService } from '../../modules/auth/auth.service.js';
import { bearerToken } from '../../modules/auth/auth.guard.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { platformRoom, tenantRoom, userRoom } from './rooms.js';

/**
 * The realtime door. A socket proves who it is with the same token as HTTP (handshake `auth.token`)
 * and joins its rooms: `tenant:{id}` and `user:{id}` for staff, `platform` for the super administrator.
 */
@WebSocketGateway({ cors: { origin: true }, transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;

  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async afterInit(server: Server) {
    if (this.config.redisUrl) await attachRedisAdapter(server, this.config.redisUrl, this.logger);
  }

  async handleConnection(socket: Socket) {
    const token = (socket.handshake.auth?.token as string | undefined) ?? bearerToken(socket.handshake.headers.authorization);
    if (!token) return this.refuse(socket, 'Please sign in to continue.');
    try {
      const actor = await this.auth.authenticateTenant(token);
      socket.data.actor = actor;
      await socket.join([tenantRoom(actor.tenantId), userRoom(actor.userId)]);
      return;
    } catch {
      // not a tenant token: maybe the super administrator's
    }
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
