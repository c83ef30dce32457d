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

type NumberPace = { nextAt: number; pausedUntil: number; strikes: number };

/**
 * Each phone number's pace of sends from this process: spaced to its rate, and after Meta answers
 * 130429 the whole number waits (doubling while it keeps answering so) and the send is tried again.
 * Only 130429 is retried here: a window closed (131047), an undeliverable contact (131026), too many
 * to one contact (131056) or a refused token (190) would be refused again, so they fail at once.
 */
export class CloudThroughput {
  private readonly numbers = new Map<string, NumberPace>();

  constructor(
    private readonly options: ThroughputOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(phoneNumberId: string, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await this.turn(phoneNumberId);
      try {
        const result = await call();
        this.pace(phoneNumberId).strikes = 0;
        return result;
      } catch (err) {
        if (!(err instanceof GraphApiError) || err.code !== GRAPH_THROUGHPUT || attempt >= this.options.retries) throw err;
        const pace = this.pace(phoneNumberId);
        const wait = this.options.backoffMs * 2 ** Math.min(pace.strikes, 6);
        pace.strikes++;
        pace.pausedUntil = Math.max(pace.pausedUntil, this.now() + wait);
      }
    }
  }

  /** Waits for the number's next slot (its rate, or the pause after a 130429) and takes it. */
  private async turn(phoneNumberId: string) {
    const pace = this.pace(phoneNumberId);
    const at = Math.max(this.now(), pace.nextAt, pace.pausedUntil);
    pace.nextAt = at + 1000 / this.options.ratePerSecond;
    const wait = at - this.now();
    if (wait > 0) await this.sleep(wait);
  }

  private pace(phoneNumberId: string): NumberPace {
    let pace = this.numbers.get(phoneNumberId);
    if (!pace) this.numbers.set(phoneNumberId, (pace = { nextAt: 0, pausedUntil: 0, strikes: 0 }));
    return pace;
  }
}
