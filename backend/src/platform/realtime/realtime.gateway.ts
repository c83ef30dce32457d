import { type BeforeApplicationShutdown, Inject, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { PERMISSION_NAMES, type ForceLogoutEvent } from '@crm/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { may, type Actor, type TenantActor } from '../auth/actor.js';
import { bearerToken } from '../auth/bearer-token.js';
import { Clock } from '../clock.js';
import { RedisPresenceCounter } from './presence-counter.js';
import { PRESENCE_RECORDER, type PresenceRecorder } from './presence-recorder.js';
import { PresenceTracker } from './presence.tracker.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { coalesceWebSocketWrites } from './coalesced-writes.js';
import { RealtimeClientEvents } from './realtime-client-events.js';
import { adminsRoom, permissionRoom, platformRoom, sessionRoom, tenantRoom, userRoom } from './rooms.js';
import { SOCKET_AUTHENTICATOR, type SessionRef, type SocketAuthenticator } from './socket-authenticator.js';

/**
 * The realtime door. A socket proves who it is with the same token as HTTP (handshake `auth.token`)
 * and joins its rooms: `session:{id}` always, `tenant:{id}` and `user:{id}` for staff (plus
 * `admins:{tenantId}` for admins, and `perm:{permission}:{tenantId}` for each permission of the
 * user's role), `platform` for the super administrator. Client events registered
 * in RealtimeClientEvents are bound to staff sockets once authenticated.
 *
 * A socket lives no longer than its session: whoever ends a session calls endSession (through
 * RealtimeEmitter), and a sweep re-checks the sessions of this instance's sockets so that one that
 * timed out, or was revoked by a write that did not say so, is cut too.
 */
// origins are checked by OriginCheckedIoAdapter (app.factory.ts), with the HTTP API's rule
@WebSocketGateway({ transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private sweepTimer: NodeJS.Timeout | undefined;
  private authenticator: SocketAuthenticator | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private presenceRecorder: PresenceRecorder | undefined;
  /** Online, idle and offline announcements (presence.tracker.ts). */
  readonly presence: PresenceTracker;
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clientEvents: RealtimeClientEvents,
    private readonly moduleRef: ModuleRef,
    clock: Clock,
  ) {
    this.presence = new PresenceTracker(
      () => this.server,
      clock,
      config.presence,
      (actor, at) => this.recorder().recordLastSeen(actor, at),
    );
  }

  async afterInit(server: Server) {
    coalesceWebSocketWrites(server);
    if (this.config.redisUrl) {
      const redis = await attachRedisAdapter(server, this.config.redisUrl, this.config.redisPrefix, this.logger);
      // several instances: a user's sockets are counted in Redis, over all of them
      this.presence.useCounter(await RedisPresenceCounter.start(redis, this.config.redisPrefix));
    }
    if (this.config.session.sweepMs > 0) {
      this.sweepTimer = setInterval(() => void this.sweep(), this.config.session.sweepMs);
      this.sweepTimer.unref();
    }
    // idle is noticed within a fifth of the idle time (at most 30 s late)
    this.idleTimer = setInterval(() => void this.presence.sweepIdle().catch(() => undefined), Math.min(30_000, Math.max(50, this.config.presence.idleMs / 5)));
    this.idleTimer.unref();
  }

  // before the server closes: the Redis client quits with it
  async beforeApplicationShutdown() {
    clearInterval(this.sweepTimer);
    clearInterval(this.idleTimer);
    await this.presence.stop();
  }

  /**
   * Disconnects every socket of the session, on every instance (the Redis adapter carries both
   * calls). With `end`, `force_logout` goes first so the client can say why; a session the user
   * signed out of themselves is simply closed.
   */
  endSession(sessionId: string, end?: ForceLogoutEvent) {
    if (!this.server) return;
    if (end) this.server.to(sessionRoom(sessionId)).emit('force_logout', end);
    this.server.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /**
   * The users among `userIds` (of the company) with a live socket on any instance (the Redis adapter
   * asks the others, for ALL_INSTANCES_READ_MS at most), and whether every one of their sockets is idle.
   */
  connectedUsers(tenantId: string, userIds: readonly string[]): Promise<Map<string, { idle: boolean }>> {
    return this.presence.connectedUsers(tenantId, userIds);
  }

  /** Re-checks the sessions of this instance's sockets (one query) and cuts those that ended. */
  async sweep() {
    if (!this.server) return;
    const sessions = new Map<string, SessionRef>();
    for (const socket of this.server.sockets.sockets.values()) {
      const actor = socket.data.actor as Actor | undefined;
      if (actor) sessions.set(actor.sessionId, { kind: actor.kind, sessionId: actor.sessionId });
    }
    if (sessions.size === 0) return;
    try {
      for (const ended of await this.auth().endedSessions([...sessions.values()])) {
        this.endSession(ended.sessionId, ended.reason === 'logout' ? undefined : { reason: ended.reason, message: ended.message });
      }
    } catch (err) {
      this.logger.warn(`session sweep failed: ${err instanceof Error ? err.message : err}`);
    }
  }

  async handleConnection(socket: Socket) {
    // bind client events at once: a client may send (e.g. wa:get_status) before authentication ends
    let authenticated!: (actor: TenantActor | undefined) => void;
    const tenantActor = new Promise<TenantActor | undefined>((resolve) => (authenticated = resolve));
    for (const [event, handler] of this.clientEvents.entries()) {
      socket.on(event, (...args: unknown[]) => {
        tenantActor.then((actor) => (actor ? handler(actor, socket, args) : undefined)).catch((err: unknown) => this.logger.warn(`${event} failed: ${err instanceof Error ? err.message : err}`));
      });
    }
    const token = (socket.handshake.auth?.token as string | undefined) ?? bearerToken(socket.handshake.headers.authorization);
    if (!token) {
      authenticated(undefined);
      return this.refuse(socket, 'Please sign in to continue.');
    }
    let actor: Actor;
    try {
      actor = await this.auth().authenticate(token);
    } catch (err) {
      authenticated(undefined);
      return this.refuse(socket, err instanceof Error ? err.message : 'Please sign in to continue.');
    }
    socket.data.actor = actor;
    const rooms = [sessionRoom(actor.sessionId)];
    if (actor.kind === 'tenant') {
      rooms.push(tenantRoom(actor.tenantId), userRoom(actor.userId));
      // the admins room carries every conversation of the company
      if (may(actor, 'contacts.all')) rooms.push(adminsRoom(actor.tenantId));
      // one room per permission of the role: events only its holders may see (RealtimeEmitter.toTenantByPermission)
      for (const permission of PERMISSION_NAMES) if (may(actor, permission)) rooms.push(permissionRoom(actor.tenantId, permission));
    } else {
      rooms.push(platformRoom());
    }
    await socket.join(rooms);
    if (actor.kind === 'tenant') this.trackPresence(socket, actor);
    authenticated(actor.kind === 'tenant' ? actor : undefined);
  }

  private trackPresence(socket: Socket, actor: TenantActor) {
    socket.on('presence:input', () => this.presence.input(socket, actor));
    socket.on('disconnect', () => void this.presence.disconnected(socket, actor).catch((err: unknown) => this.logger.warn(`presence failed: ${err instanceof Error ? err.message : err}`)));
    // a socket cut before it got here (its session ended meanwhile) is not announced
    if (socket.connected) void this.presence.connected(socket, actor).catch((err: unknown) => this.logger.warn(`presence failed: ${err instanceof Error ? err.message : err}`));
  }

  /** Provided by the auth module (platform never imports a module); looked up once, at first use. */
  private auth(): SocketAuthenticator {
    this.authenticator ??= this.moduleRef.get<SocketAuthenticator>(SOCKET_AUTHENTICATOR, { strict: false });
    return this.authenticator;
  }

  /** Provided by the users module; looked up once, at the first offline announcement. */
  private recorder(): PresenceRecorder {
    this.presenceRecorder ??= this.moduleRef.get<PresenceRecorder>(PRESENCE_RECORDER, { strict: false });
    return this.presenceRecorder;
  }

  private refuse(socket: Socket, message: string) {
    socket.emit('auth_error', { message });
    socket.disconnect(true);
  }
}
