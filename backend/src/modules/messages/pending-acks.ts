import { Injectable } from '@nestjs/common';

/**
 * WhatsApp may report an ack before the send call has returned the message id to us. Such acks
 * wait here briefly and are applied when the send is recorded. The recording of a send and the
 * marks WhatsApp reports for it (acks, failures) run one after another per message id (`inOrder`):
 * an ack that comes while the send is being recorded waits for its commit (it could not see the
 * row before), and the clients hear "sent", then the acks, in that order.
 */
@Injectable()
export class PendingAcks {
  private readonly acks = new Map<string, { ack: number; at: number }>();
  private readonly chains = new Map<string, Promise<unknown>>();

  inOrder<T>(tenantId: string, waMessageId: string, write: () => Promise<T>): Promise<T> {
    const key = `${tenantId}:${waMessageId}`;
    const next = (this.chains.get(key) ?? Promise.resolve()).then(write);
    const settled = next.catch(() => undefined);
    this.chains.set(key, settled);
    void settled.then(() => {
      if (this.chains.get(key) === settled) this.chains.delete(key);
    });
    return next;
  }

  put(tenantId: string, waMessageId: string, ack: number) {
    this.prune();
    const key = `${tenantId}:${waMessageId}`;
    this.acks.set(key, { ack: Math.max(ack, this.acks.get(key)?.ack ?? 0), at: Date.now() });
  }

  take(tenantId: string, waMessageId: string): number | undefined {
    const key = `${tenantId}:${waMessageId}`;
    const hit = this.acks.get(key);
    this.acks.delete(key);
    return hit?.ack;
  }

  private prune() {
    if (this.acks.size < 1000) return;
    const cutoff = Date.now() - 60_000;
    for (const [k, v] of this.acks) if (v.at < cutoff) this.acks.delete(k);
  }
}
