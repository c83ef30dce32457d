import { LocalCloudSendPace, type CloudSendPace } from './cloud-send-pace.js';
import { GraphApiError } from './graph-api.js';

/** Meta's "throughput reached" for a phone number (messages per second over the number's limit). */
export const GRAPH_THROUGHPUT = 130429;

export type ThroughputOptions = {
  /** Messages per second one phone number may send (Meta's default throughput is 80). */
  ratePerSecond: number;
  /** How many times a send Meta answered 130429 is tried again before the message fails (`rate_limited`, retryable by hand). */
  retries: number;
  /** The first wait after a 130429; doubled on each one in a row. */
  backoffMs: number;
};

/**
 * Each phone number's pace of sends: spaced to its rate, and after Meta answers 130429 the whole
 * number waits (doubling while it keeps answering so) and the send is tried again. The pace is this
 * process's own, or shared by every backend instance (CloudSendPace).
 * Only 130429 is retried here: a window closed (131047), an undeliverable contact (131026), too many
 * to one contact (131056) or a refused token (190) would be refused again, so they fail at once.
 */
export class CloudThroughput {
  private readonly pace: CloudSendPace;

  constructor(
    private readonly options: ThroughputOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => number = Date.now,
    pace?: CloudSendPace,
  ) {
    this.pace = pace ?? new LocalCloudSendPace(now);
  }

  /** The numbers' pace kept in `pace` (in Redis: shared by the instances), with real time. */
  static sharing(options: ThroughputOptions, pace: CloudSendPace): CloudThroughput {
    return new CloudThroughput(options, undefined, undefined, pace);
  }

  async run<T>(phoneNumberId: string, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const wait = await this.pace.take(phoneNumberId, 1000 / this.options.ratePerSecond);
      if (wait > 0) await this.sleep(wait);
      try {
        const result = await call();
        await this.pace.went(phoneNumberId);
        return result;
      } catch (err) {
        if (!(err instanceof GraphApiError) || err.code !== GRAPH_THROUGHPUT || attempt >= this.options.retries) throw err;
        await this.pace.refused(phoneNumberId, this.options.backoffMs);
      }
    }
  }
}
