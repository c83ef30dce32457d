import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

/**
 * The outbound messages this process is sending right now, shared by the send path and the
 * recovery passes: the sweeps leave them alone and a pass does not take them again. Also whether
 * the process is shutting down (no new hand-over starts then).
 */
@Injectable()
export class OutboundInFlight implements OnApplicationShutdown {
  private readonly ids = new Set<string>();
  private stopping = false;

  get closing() {
    return this.stopping;
  }

  onApplicationShutdown() {
    this.stopping = true;
  }

  has(id: string) {
    return this.ids.has(id);
  }

  add(id: string) {
    this.ids.add(id);
  }

  delete(id: string) {
    this.ids.delete(id);
  }

  all(): string[] {
    return [...this.ids];
  }

  /** Runs `work` with the message marked as being sent by this process. */
  async holding<T>(id: string, work: () => Promise<T>): Promise<T> {
    this.ids.add(id);
    try {
      return await work();
    } finally {
      this.ids.delete(id);
    }
  }
}
