import { Logger } from '@nestjs/common';
import type { RemoteSocket, Server, Socket } from 'socket.io';
import type { TenantActor } from '../auth/actor.js';
import type { Clock } from '../clock.js';
import { LocalPresenceCounter, type PresenceCounter } from './presence-counter.js';
import { tenantRoom, userRoom } from './rooms.js';

type PresenceData = { actor?: TenantActor; lastInputAt?: number; idle?: boolean; counted?: Promise<unknown> };

/**
 * How long a read of every instance's sockets waits for the other instances. The Redis adapter
 * waits for each one up to its requestsTimeout (5 s) and then fails the whole read, so one hung or
 * overloaded instance would fail every Team Users page (and lead distribution, which reads who is
 * online inside its transaction). A healthy instance answers in milliseconds (a lookup in memory
 * and one publish); past this bound the read makes do with this instance's sockets and the Redis
 * counts (see connectedUsers).
 */
export const ALL_INSTANCES_READ_MS = 1_200;

/**
 * After another instance failed to answer, reads do not ask every instance again for this long:
 * while one hangs, each Team Users page and each lead handed out would otherwise wait the full
 * ALL_INSTANCES_READ_MS, and each would log the same warning.
 */
export const PARTIAL_READS_MS = 10_000;

/**
 * Who of a company is online, idle or offline, told to that company only:
 * - `user:status_change` {isOnline: true} when a user's first socket connects (on any instance);
 *   {isOnline: false, lastSeen} when their last socket has been gone for the grace time (a reconnect
 *   within it, even to another instance, is no flap); that lastSeen is stored as the user's. Until
 *   then the user reads online in connectedUsers too (GET /users, lead distribution), as idle as
 *   they were: the list and the events never disagree about a reload;
 * - `user:idle` when none of their windows has reported input for the idle time, and
 *   `user:status_change` online again on the next input.
 * Sockets are counted per user by a PresenceCounter (in Redis when there are several instances).
 * Idleness lives in the sockets themselves and is read through `fetchSockets`, which the Redis
 * adapter answers across instances; a restarted backend rebuilds both as clients reconnect. When an
 * instance does not answer within ALL_INSTANCES_READ_MS, the counts stand in for its sockets.
 */
export class PresenceTracker {
  private readonly logger = new Logger('Presence');
  private readonly offlineTimers = new Map<string, NodeJS.Timeout>();
  private counter: PresenceCounter = new LocalPresenceCounter();
  /** Until when (clock ms) reads use this instance's sockets and the counts only: see PARTIAL_READS_MS. */
  private partialReadsUntil = 0;

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
    // leaving for the grace time: GET /users still says online (a reload, an app restart), as the events do
    await this.counter.remove(actor.userId, { ms: this.options.offlineGraceMs, idle: data.idle === true });
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

  /**
   * The users among `userIds` (of one company) with a live socket on any instance, and whether
   * every one of their sockets is idle. When another instance does not answer in time: this
   * instance's sockets, plus the users the Redis counts give more sockets than this instance holds,
   * whose other sockets' idleness is unknown, so they are online (not idle).
   */
  async connectedUsers(tenantId: string, userIds: readonly string[]): Promise<Map<string, { idle: boolean }>> {
    const users = new Map<string, { idle: boolean; sockets: number }>();
    const read = await this.socketsIn(tenantRoom(tenantId));
    if (!read) return users;
    for (const socket of read.sockets) {
      const data = socket.data as PresenceData;
      if (data.actor?.kind !== 'tenant') continue;
      const known = users.get(data.actor.userId);
      users.set(data.actor.userId, { idle: (known?.idle ?? true) && data.idle === true, sockets: (known?.sockets ?? 0) + 1 });
    }
    if (!read.complete) {
      const counts = await this.counts(userIds);
      for (const [userId, count] of counts) {
        const here = users.get(userId)?.sockets ?? 0;
        if (count > here) users.set(userId, { idle: false, sockets: count });
      }
    }
    // whose last socket closed within the grace time: not offline until it is announced
    for (const [userId, { idle }] of await this.leaving(userIds.filter((userId) => !users.has(userId)))) users.set(userId, { idle, sockets: 0 });
    return new Map([...users].map(([userId, { idle }]) => [userId, { idle }]));
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
    await Promise.all(
      [...newlyIdle.values()].map(async (actor) => {
        if (await this.allIdle(actor.userId)) server.to(tenantRoom(actor.tenantId)).emit('user:idle', { userId: actor.userId });
      }),
    );
  }

  async stop() {
    for (const timer of this.offlineTimers.values()) clearTimeout(timer);
    this.offlineTimers.clear();
    await this.counter.stop();
  }

  /** Whether every socket of the user, on every instance, is idle; sockets of an instance that did not answer count as not idle. */
  private async allIdle(userId: string) {
    const read = await this.socketsIn(userRoom(userId));
    if (!read?.sockets.every((s) => (s.data as PresenceData).idle)) return false;
    if (read.complete) return true;
    const count = (await this.counts([userId])).get(userId);
    return count !== undefined && count <= read.sockets.length;
  }

  /**
   * The sockets in the room on every instance (`complete`), or only this instance's when another
   * did not answer within ALL_INSTANCES_READ_MS or the read failed, and for PARTIAL_READS_MS after
   * (logged once when that starts).
   */
  private async socketsIn(room: string): Promise<{ sockets: RemoteSocket<never, unknown>[]; complete: boolean } | undefined> {
    const server = this.server();
    if (!server) return undefined;
    const local = async () => ({ sockets: await server.local.in(room).fetchSockets(), complete: false });
    if (this.clock.now().getTime() < this.partialReadsUntil) return local();
    const all = server.in(room).fetchSockets();
    try {
      return { sockets: await within(all, ALL_INSTANCES_READ_MS), complete: true };
    } catch (err) {
      // the adapter's own request still ends (answered or after its timeout); nobody waits for it
      all.catch(() => undefined);
      this.partialReadsUntil = this.clock.now().getTime() + PARTIAL_READS_MS;
      this.logger.warn(
        `presence read from this instance's sockets and the Redis counts only for the next ${PARTIAL_READS_MS / 1000} s: another instance did not answer (${err instanceof Error ? err.message : err})`,
      );
      return local();
    }
  }

  /** The users' socket counts over every live instance; none when Redis does not answer in time either. */
  private async counts(userIds: readonly string[]): Promise<Map<string, number>> {
    // node-redis sends these at once, as one pipeline
    const read = Promise.all(userIds.map((userId) => this.counter.count(userId)));
    try {
      const counts = await within(read, ALL_INSTANCES_READ_MS);
      return new Map(userIds.map((userId, i) => [userId, counts[i]]));
    } catch (err) {
      read.catch(() => undefined);
      this.logger.warn(`presence counts not read: ${err instanceof Error ? err.message : err}`);
      return new Map();
    }
  }

  /** Those of `userIds` inside the offline grace time (see PresenceCounter.leaving); none when Redis does not answer in time. */
  private async leaving(userIds: readonly string[]): Promise<Map<string, { idle: boolean }>> {
    if (userIds.length === 0) return new Map();
    const read = this.counter.leaving(userIds);
    try {
      return await within(read, ALL_INSTANCES_READ_MS);
    } catch (err) {
      read.catch(() => undefined);
      this.logger.warn(`presence of users within the offline grace time not read: ${err instanceof Error ? err.message : err}`);
      return new Map();
    }
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

/** The promise's outcome, or a rejection once `ms` have passed first. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err as Error);
      },
    );
  });
}
