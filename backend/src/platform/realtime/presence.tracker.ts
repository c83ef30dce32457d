import { Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import type { TenantActor } from '../auth/actor.js';
import type { Clock } from '../clock.js';
import { LocalPresenceCounter, type PresenceCounter } from './presence-counter.js';
import { tenantRoom, userRoom } from './rooms.js';

type PresenceData = { actor?: TenantActor; lastInputAt?: number; idle?: boolean; counted?: Promise<unknown> };

/**
 * Who of a company is online, idle or offline, told to that company only:
 * - `user:status_change` {isOnline: true} when a user's first socket connects (on any instance);
 *   {isOnline: false, lastSeen} when their last socket has been gone for the grace time (a reconnect
 *   within it, even to another instance, is no flap); that lastSeen is stored as the user's;
 * - `user:idle` when none of their windows has reported input for the idle time, and
 *   `user:status_change` online again on the next input.
 * Sockets are counted per user by a PresenceCounter (in Redis when there are several instances).
 * Idleness lives in the sockets themselves and is read through `fetchSockets`, which the Redis
 * adapter answers across instances; a restarted backend rebuilds both as clients reconnect.
 */
export class PresenceTracker {
  private readonly logger = new Logger('Presence');
  private readonly offlineTimers = new Map<string, NodeJS.Timeout>();
  private counter: PresenceCounter = new LocalPresenceCounter();

  constructor(
    private readonly server: () => Server | undefined,
    private readonly clock: Clock,
    private readonly options: { idleMs: number; offlineGraceMs: number },
    /** Stores the lastSeen of an offline announcement (the users' owner provides it). */
    private readonly recordLastSeen: (actor: TenantActor, at: Date) => Promise<void>,
  ) {}

  /** Counts in Redis from now on (several instances); call before the first socket arrives. */
  useCounter(counter: PresenceCounter) {
    this.counter = counter;
  }

  /** A staff socket has joined its rooms. */
  async connected(socket: Socket, actor: TenantActor) {
    const data = socket.data as PresenceData;
    data.lastInputAt = this.clock.now().getTime();
    data.idle = false;
    const counted = this.counter.add(actor.userId);
    data.counted = counted.catch(() => undefined);
    const sockets = await counted;
    const pending = this.offlineTimers.get(actor.userId);
    if (pending) {
      // back within the grace time: they never went offline
      clearTimeout(pending);
      this.offlineTimers.delete(actor.userId);
      return;
    }
    if (sockets === 1) this.announce(actor, true);
  }

  /** A staff socket closed: offline once none of the user's sockets is back after the grace time. */
  async disconnected(socket: Socket, actor: TenantActor) {
    const data = socket.data as PresenceData;
    // a socket cut before it was counted takes nothing away
    if (!data.counted) return;
    await data.counted;
    await this.counter.remove(actor.userId);
    clearTimeout(this.offlineTimers.get(actor.userId));
    const timer = setTimeout(() => {
      this.offlineTimers.delete(actor.userId);
      void this.counter
        .count(actor.userId)
        .then((sockets) => (sockets === 0 ? this.announceOffline(actor) : undefined))
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

  async stop() {
    for (const timer of this.offlineTimers.values()) clearTimeout(timer);
    this.offlineTimers.clear();
    await this.counter.stop();
  }

  private async userSockets(userId: string) {
    return (await this.server()?.in(userRoom(userId)).fetchSockets()) ?? [];
  }

  private announce(actor: TenantActor, isOnline: boolean, at = this.clock.now()) {
    this.server()?.to(tenantRoom(actor.tenantId)).emit('user:status_change', { userId: actor.userId, isOnline, lastSeen: at.toISOString() });
  }

  /** Stored first, so that whoever hears it and asks GET /users reads the same lastSeen. */
  private async announceOffline(actor: TenantActor) {
    const at = this.clock.now();
    await this.recordLastSeen(actor, at).catch((err: unknown) => this.logger.warn(`lastSeen not stored: ${err instanceof Error ? err.message : err}`));
    this.announce(actor, false, at);
  }
}
