import { randomUUID } from 'node:crypto';

/**
 * How many staff sockets each user has, over every backend instance. The online and offline
 * announcements hang on its answers: the connect that makes the count 1 says online, a count of 0
 * after the grace time says offline. Counting atomically (rather than asking every instance for its
 * sockets) means two sockets of one user arriving or leaving at once on two instances never yield
 * two "online"s or a missed "offline".
 */
export interface PresenceCounter {
  /** One more socket of the user; their count afterwards. */
  add(userId: string): Promise<number>;
  /** One socket of the user fewer; their count afterwards. */
  remove(userId: string): Promise<number>;
  count(userId: string): Promise<number>;
  stop(): Promise<void>;
}

/** One backend: the counts live in this process. */
export class LocalPresenceCounter implements PresenceCounter {
  private readonly counts = new Map<string, number>();

  async add(userId: string) {
    const n = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, n);
    return n;
  }

  async remove(userId: string) {
    const n = Math.max(0, (this.counts.get(userId) ?? 0) - 1);
    if (n === 0) this.counts.delete(userId);
    else this.counts.set(userId, n);
    return n;
  }

  async count(userId: string) {
    return this.counts.get(userId) ?? 0;
  }

  async stop() {
    this.counts.clear();
  }
}

/** The few commands the counter sends (a node-redis client has them). */
type RedisClient = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
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

  add(userId: string) {
    return this.change(userId, 1);
  }

  remove(userId: string) {
    return this.change(userId, -1);
  }

  async count(userId: string) {
    return Number(await this.redis.eval(SUM_LIVE, { keys: [this.userKey(userId)], arguments: [`${this.prefix}:instance:`] }));
  }

  async stop() {
    clearInterval(this.heartbeat);
    // this instance's sockets stop counting at once
    await this.redis.del(`${this.prefix}:instance:${this.instanceId}`).catch(() => undefined);
  }

  private async change(userId: string, by: 1 | -1) {
    const n = await this.redis.eval(CHANGE, { keys: [this.userKey(userId)], arguments: [`${this.prefix}:instance:`, this.instanceId, String(by)] });
    return Number(n);
  }

  private async beat() {
    await this.redis.set(`${this.prefix}:instance:${this.instanceId}`, '1', { PX: INSTANCE_TTL_MS });
  }

  private userKey(userId: string) {
    return `${this.prefix}:user:${userId}`;
  }
}
