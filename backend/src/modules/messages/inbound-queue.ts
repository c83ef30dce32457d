import { phoneFromWhatsAppId } from '@crm/common';
import type { InboundWhatsAppMessage } from '../whatsapp/whatsapp-driver.js';

/**
 * One tenant's inbound messages waiting to be stored, handed out as batches that may be written
 * side by side (one batch at a time left the process waiting on PostgreSQL at 2,000
 * msg/s). Two batches in flight never share a sender, so a chat's messages are stored — and
 * announced — in the order they came, its summary is updated in that order, and a WhatsApp
 * redelivery (same sender) never races its original. A message the phone number alone does not
 * identify (a linked id, which may fold two contacts into one) is stored with nothing else in
 * flight, as before.
 */
export class InboundQueue<T extends { message: InboundWhatsAppMessage }> {
  private waiting: T[] = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private exclusive = false;

  constructor(
    private readonly batchMax: number,
    private readonly maxInFlight: number,
  ) {}

  get idle() {
    return this.inFlight === 0 && this.waiting.length === 0;
  }

  push(item: T) {
    this.waiting.push(item);
  }

  /** The next batch to write now (marked in flight until `done`), or undefined when none may start. */
  take(): { items: T[]; keys: string[] } | undefined {
    if (this.exclusive || this.inFlight >= this.maxInFlight || !this.waiting.length) return undefined;
    const items: T[] = [];
    const keys = new Set<string>();
    const held = new Set<string>(); // senders whose earlier messages stay queued: their later ones wait too
    const rest: T[] = [];
    let i = 0;
    for (; i < this.waiting.length && items.length < this.batchMax; i++) {
      const item = this.waiting[i];
      const key = phoneKey(item.message);
      if (!key) {
        // only alone in flight, and nothing after it overtakes it
        if (this.inFlight === 0 && !items.length && !rest.length) {
          items.push(item);
          this.exclusive = true;
          i++;
        }
        break;
      }
      if (this.busy.has(key) || held.has(key)) {
        held.add(key);
        rest.push(item);
        continue;
      }
      keys.add(key);
      items.push(item);
    }
    this.waiting = rest.concat(this.waiting.slice(i));
    if (!items.length) return undefined;
    for (const k of keys) this.busy.add(k);
    this.inFlight++;
    return { items, keys: [...keys] };
  }

  done(batch: { keys: string[] }) {
    for (const k of batch.keys) this.busy.delete(k);
    this.inFlight--;
    this.exclusive = false;
  }
}

/**
 * The sender's phone number when that alone names the contact; undefined for linked ids, a change
 * of number or user id (it touches the contact of the old ids too) and anything else.
 */
function phoneKey(m: InboundWhatsAppMessage): string | undefined {
  if (m.lid || m.from.endsWith('@lid') || m.previous) return undefined;
  const phoneId = m.phoneId ?? (m.from.endsWith('@c.us') ? m.from : undefined);
  return phoneId ? phoneFromWhatsAppId(phoneId) : undefined;
}
