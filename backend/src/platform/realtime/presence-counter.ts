import { randomUUID } from 'node:crypto';

/**
 * How many staff sockets each user has, over every backend instance. The online and offline
 * announcements hang on its answers: the connect that makes the count 1 says online, a count of 0
 * after the grace time says offline. Counting atomically (rather than asking every instance for its
 * sockets) means two sockets of one user arriving or leaving at once on two instances never yield
 * two "online"s or a missed "offline".
 */
export interface PresenceCounter {
  /** One more socket of the user; their count afterwards. The user is no longer leaving. */
  add(userId: string): Promise<number>;
  /**
   * One socket of the user fewer; their count afterwards. When it reaches 0 the user is *leaving*
   * for `leaving.ms` (the offline grace time): still online for whoever asks, as idle as they were.
   */
  remove(userId: string, leaving: Leaving): Promise<number>;
  count(userId: string): Promise<number>;
  /** Those of `userIds` whose last socket closed less than the grace time ago (and none came back), and whether they were idle. */
  leaving(userIds: readonly string[]): Promise<Map<string, { idle: boolean }>>;
  stop(): Promise<void>;
}

export type Leaving = { ms: number; idle: boolean };

/** One backend: the counts live in this process. */
export class LocalPresenceCounter implements PresenceCounter {
  private readonly counts = new Map<string, number>();
  /** Leaving users: until when (monotonic ms, the timers' time, not the app's Clock) and how idle. */
  private readonly leavingUsers = new Map<string, { until: number; idle: boolean }>();

  async add(userId: string) {
    const n = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, n);
    this.leavingUsers.delete(userId);
    return n;
  }

  async remove(userId: string, leaving: Leaving) {
    const n = Math.max(0, (this.counts.get(userId) ?? 0) - 1);
    if (n === 0) {
      this.counts.delete(userId);
      this.leavingUsers.set(userId, { until: performance.now() + leaving.ms, idle: leaving.idle });
    } else this.counts.set(userId, n);
    return n;
  }

  async count(userId: string) {
    return this.counts.get(userId) ?? 0;
  }

  async leaving(userIds: readonly string[]) {
    const now = performance.now();
    const found = new Map<string, { idle: boolean }>();
    for (const userId of userIds) {
      const leaving = this.leavingUsers.get(userId);
      if (!leaving) continue;
      if (leaving.until > now) found.set(userId, { idle: leaving.idle });
      else this.leavingUsers.delete(userId);
    }
    return found;
  }

  async stop() {
    this.counts.clear();
    this.leavingUsers.clear();
  }
}

/** The few commands the counter sends (a node-redis client has them). */
type RedisClient = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  mGet(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, options: { PX: number }): Promise<unknown>;
  del(key: string): Promise<unknown>;
};

/** An instance that stops renewing its heartbeat (killed, frozen) stops counting after this. */
const INSTANCE_TTL_MS = 30_000;
const HEARTBEAT_MS = 10_000;

/*
 * Per user a hash {instance id: sockets on that instance}. The sum counts only instances whose
 * heartbeat key still exists, and drops the fields of dead ones on the way, so a backend that died
 * with sockets open does not keep its users online for ever.
 */
const SUM_LIVE = `
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[1] .. fields[i]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
return total`;
const CHANGE = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[2], ARGV[3])
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[2]) end
${SUM_LIVE}`;
/* A socket more: the user is no longer leaving (KEYS[2]). */
const ADD = CHANGE.replace(
  'return total',
  `redis.call('DEL', KEYS[2])
return total`,
);
/* A socket fewer: at 0 the user is leaving for ARGV[4] ms, as idle as ARGV[5] says (KEYS[2], which expires by itself). */
const REMOVE = CHANGE.replace(
  'return total',
  `if total == 0 then redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[4]) end
return total`,
);

/** Several backends behind the Redis adapter (REDIS_URL): the counts live in Redis. */
export class RedisPresenceCounter implements PresenceCounter {
  private readonly instanceId = randomUUID();
  private readonly heartbeat: NodeJS.Timeout;

  private readonly prefix: string;

  private constructor(
    private readonly redis: RedisClient,
    deployment: string,
  ) {
    this.prefix = `${deployment}:presence`;
    this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** `deployment`: REDIS_PREFIX, the namespace of this deployment's keys. */
  static async start(redis: RedisClient, deployment = 'crm'): Promise<RedisPresenceCounter> {
    const counter = new RedisPresenceCounter(redis, deployment);
    await counter.beat();
    return counter;
  }

  async add(userId: string) {
    return Number(await this.redis.eval(ADD, { keys: [this.userKey(userId), this.leavingKey(userId)], arguments: [`${this.prefix}:instance:`, this.instanceId, '1'] }));
  }

  async remove(userId: string, leaving: Leaving) {
    const args = [`${this.prefix}:instance:`, this.instanceId, '-1', String(Math.max(1, Math.round(leaving.ms))), leaving.idle ? '1' : '0'];
    return Number(await this.redis.eval(REMOVE, { keys: [this.userKey(userId), this.leavingKey(userId)], arguments: args }));
  }

  async leaving(userIds: readonly string[]) {
    const found = new Map<string, { idle: boolean }>();
    if (userIds.length === 0) return found;
    const values = await this.redis.mGet(userIds.map((userId) => this.leavingKey(userId)));
    userIds.forEach((userId, i) => {
      if (values[i] !== null) found.set(userId, { idle: values[i] === '1' });
    });
    return found;
  }

  async count(userId: string) {
    return Number(await this.redis.eval(SUM_LIVE, { keys: [this.userKey(userId)], arguments: [`${this.prefix}:instance:`] }));
  }

  async stop() {
    clearInterval(this.heartbeat);
    // this instance's sockets stop counting at once
    await this.redis.del(`${this.prefix}:instance:${this.instanceId}`).catch(() => undefined);
  }

  private async beat() {
    await this.redis.set(`${this.prefix}:instance:${this.instanceId}`, '1', { PX: INSTANCE_TTL_MS });
  }

  private userKey(userId: string) {
    return `${this.prefix}:user:${userId}`;
  }

  private leavingKey(userId: string) {
    return `${this.prefix}:leaving:${userId}`;
  }
}
