import { Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import type { TenantActor } from '../auth/actor.js';
import type { Clock } from '../clock.js';
import { tenantRoom, userRoom } from './rooms.js';

type PresenceData = { actor?: TenantActor; lastInputAt?: number; idle?: boolean };

/**
 * Who of a company is online, idle or offline, told to that company only:
 * - `user:status_change` {isOnline: true} when a user's first socket connects (on any instance);
 *   {isOnline: false, lastSeen} when their last socket has been gone for the grace time (a reconnect
 *   within it, even to another instance, is no flap);
 * - `user:idle` when none of their windows has reported input for the idle time, and
 *   `user:status_change` online again on the next input.
 * Counting sockets goes through `fetchSockets`, which the Redis adapter answers across instances,
 * and the state lives in the sockets themselves, so a restarted backend rebuilds it as clients reconnect.
 */
export class PresenceTracker {
  private readonly logger = new Logger('Presence');
  private readonly offlineTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly server: () => Server | undefined,
    private readonly clock: Clock,
    private readonly options: { idleMs: number; offlineGraceMs: number },
  ) {}

  /** A staff socket has joined its rooms. */
  async connected(socket: Socket, actor: TenantActor) {
    const data = socket.data as PresenceData;
    data.lastInputAt = this.clock.now().getTime();
    data.idle = false;
    const pending = this.offlineTimers.get(actor.userId);
    if (pending) {
      // back within the grace time: they never went offline
      clearTimeout(pending);
      this.offlineTimers.delete(actor.userId);
      return;
    }
    const sockets = await this.userSockets(actor.userId);
    if (sockets.length <= 1) this.announce(actor, true);
  }

  /** A staff socket closed: offline once none of the user's sockets is back after the grace time. */
  disconnected(actor: TenantActor) {
    clearTimeout(this.offlineTimers.get(actor.userId));
    const timer = setTimeout(() => {
      this.offlineTimers.delete(actor.userId);
      void this.userSockets(actor.userId)
        .then((sockets) => (sockets.length === 0 ? this.announce(actor, false) : undefined))
        .catch((err: unknown) => this.logger.warn(`presence check failed: ${err instanceof Error ? err.message : err}`));
    }, this.options.offlineGraceMs);
    timer.unref();
    this.offlineTimers.set(actor.userId, timer);
  }

  /** The window reported input: back to online if the user was idle. */
  input(socket: Socket, actor: TenantActor) {
    const data = socket.data as PresenceData;
    data.lastInputAt = this.clock.now().getTime();
    if (!data.idle) return;
    data.idle = false;
    this.announce(actor, true);
  }

  /** Marks this instance's sockets idle after the idle time; a user whose sockets are all idle is announced idle. */
  async sweepIdle() {
    const server = this.server();
    if (!server) return;
    const now = this.clock.now().getTime();
    const newlyIdle = new Map<string, TenantActor>();
    for (const socket of server.sockets.sockets.values()) {
      const data = socket.data as PresenceData;
      if (data.actor?.kind !== 'tenant' || data.idle || data.lastInputAt === undefined) continue;
      if (now - data.lastInputAt < this.options.idleMs) continue;
      data.idle = true;
      newlyIdle.set(data.actor.userId, data.actor);
    }
    for (const actor of newlyIdle.values()) {
      const sockets = await this.userSockets(actor.userId);
      if (sockets.every((s) => (s.data as PresenceData).idle)) server.to(tenantRoom(actor.tenantId)).emit('user:idle', { userId: actor.userId });
    }
  }

  stop() {
    for (const timer of this.offlineTimers.values()) clearTimeout(timer);
    this.offlineTimers.clear();
  }

  private async userSockets(userId: string) {
    return (await this.server()?.in(userRoom(userId)).fetchSockets()) ?? [];
  }

  private announce(actor: TenantActor, isOnline: boolean) {
    this.server()
      ?.to(tenantRoom(actor.tenantId))
      .emit('user:status_change', { userId: actor.userId, isOnline, lastSeen: this.clock.now().toISOString() });
  }
}
