/**
 * Where each phone number's pace of sends is kept: the next free slot, the pause after Meta's 130429
 * and how many 130429s came in a row. In this process (one backend), or in Redis, where every
 * backend instance sending for the number takes its slots from the same pace (REDIS_URL).
 */
export interface CloudSendPace {
  /** Takes the number's next slot, `intervalMs` after the one before and not before its pause ends; how long until it (ms). */
  take(phoneNumberId: string, intervalMs: number): Promise<number>;
  /** Meta answered 130429: the number pauses `backoffMs`, doubled for each one in a row (at most 64 times). */
  refused(phoneNumberId: string, backoffMs: number): Promise<void>;
  /** A send went through: the next 130429 pauses the first back-off again. */
  went(phoneNumberId: string): Promise<void>;
}

/** The longest pause is the first back-off times 2^6. */
const MAX_DOUBLINGS = 6;

type NumberPace = { nextAt: number; pausedUntil: number; strikes: number };

/** One backend: the numbers' paces live in this process. */
export class LocalCloudSendPace implements CloudSendPace {
  private readonly numbers = new Map<string, NumberPace>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(phoneNumberId: string, intervalMs: number) {
    const pace = this.pace(phoneNumberId);
    const now = this.now();
    const at = Math.max(now, pace.nextAt, pace.pausedUntil);
    pace.nextAt = at + intervalMs;
    return at - now;
  }

  async refused(phoneNumberId: string, backoffMs: number) {
    const pace = this.pace(phoneNumberId);
    const wait = backoffMs * 2 ** Math.min(pace.strikes, MAX_DOUBLINGS);
    pace.strikes++;
    pace.pausedUntil = Math.max(pace.pausedUntil, this.now() + wait);
  }

  async went(phoneNumberId: string) {
    this.pace(phoneNumberId).strikes = 0;
  }

  private pace(phoneNumberId: string): NumberPace {
    let pace = this.numbers.get(phoneNumberId);
    if (!pace) this.numbers.set(phoneNumberId, (pace = { nextAt: 0, pausedUntil: 0, strikes: 0 }));
    return pace;
  }
}

/** The few things the Redis pace needs of a node-redis client. */
type RedisClient = {
  readonly isReady: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
};

/*
 * A number's pace is a hash {next, paused, strikes} in ms of Redis's own clock (TIME), so the
 * instances' clocks need not agree. It expires once its slots and pause are past, plus ARGV[2] ms
 * in which a 130429 still doubles the pause.
 */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
`;
const TAKE = `${NOW}local pace = redis.call('HMGET', KEYS[1], 'next', 'paused')
local at = math.max(now, tonumber(pace[1]) or 0, tonumber(pace[2]) or 0)
redis.call('HSET', KEYS[1], 'next', tostring(at + tonumber(ARGV[1])))
redis.call('PEXPIRE', KEYS[1], math.ceil(at - now + tonumber(ARGV[1]) + tonumber(ARGV[2])))
return tostring(at - now)`;
const REFUSED = `${NOW}local pace = redis.call('HMGET', KEYS[1], 'next', 'paused', 'strikes')
local strikes = tonumber(pace[3]) or 0
local paused = math.max(tonumber(pace[2]) or 0, now + tonumber(ARGV[1]) * 2 ^ math.min(strikes, ${MAX_DOUBLINGS}))
redis.call('HSET', KEYS[1], 'paused', tostring(paused), 'strikes', strikes + 1)
redis.call('PEXPIRE', KEYS[1], math.ceil(math.max(paused, tonumber(pace[1]) or 0) - now + tonumber(ARGV[2])))
return 0`;
const WENT = `redis.call('HDEL', KEYS[1], 'strikes')
return 0`;

/** How long after its last slot or pause a number still remembers its 130429s in a row. */
const MEMORY_MS = 60_000;

/**
 * Several backends (REDIS_URL): a number's slots and pause are taken atomically in Redis, so the
 * instances together keep to the number's rate and all wait out a 130429 that one of them got.
 * While Redis is out of reach a send is not failed for it: this instance paces on its own (said once).
 */
export class RedisCloudSendPace implements CloudSendPace {
  private readonly prefix: string;
  private readonly local: LocalCloudSendPace;
  private unreachable = false;

  /** `deployment`: REDIS_PREFIX, the namespace of this deployment's keys. */
  constructor(
    private readonly redis: RedisClient,
    deployment: string,
    private readonly warn: (message: string) => void,
    now: () => number = Date.now,
  ) {
    this.prefix = `${deployment}:cloud-pace`;
    this.local = new LocalCloudSendPace(now);
  }

  async take(phoneNumberId: string, intervalMs: number) {
    const wait = await this.shared(TAKE, phoneNumberId, [String(intervalMs), String(MEMORY_MS)]);
    return wait === undefined ? this.local.take(phoneNumberId, intervalMs) : Math.max(0, Number(wait));
  }

  async refused(phoneNumberId: string, backoffMs: number) {
    if ((await this.shared(REFUSED, phoneNumberId, [String(backoffMs), String(MEMORY_MS)])) === undefined) await this.local.refused(phoneNumberId, backoffMs);
  }

  async went(phoneNumberId: string) {
    await this.local.went(phoneNumberId);
    await this.shared(WENT, phoneNumberId, []);
  }

  /** The script's answer, or undefined when Redis could not be asked. */
  private async shared(script: string, phoneNumberId: string, args: string[]): Promise<unknown> {
    try {
      // a client that is not connected would queue the command until it is: the send must not wait for that
      if (!this.redis.isReady) throw new Error('not connected');
      const answer = await this.redis.eval(script, { keys: [`${this.prefix}:${phoneNumberId}`], arguments: args });
      this.unreachable = false;
      return answer;
    } catch (err) {
      if (!this.unreachable) this.warn(`Redis out of reach (${err instanceof Error ? err.message : String(err)}): this instance paces its Cloud API sends on its own until it is back`);
      this.unreachable = true;
      return undefined;
    }
  }
}
