import { Injectable } from '@nestjs/common';

/**
 * WhatsApp may report an ack before the send call has returned the message id to us. Such acks
 * wait here briefly and are applied when the send is recorded.
 */
@Injectable()
export class PendingAcks {
  private readonly acks = new Map<string, { ack: number; at: number }>();

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
