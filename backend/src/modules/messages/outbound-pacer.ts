import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';

/**
 * Per-tenant pacing of automated sends (follow-ups, anything not typed by a person): each tenant's
 * automated messages leave at least `automatedMinIntervalMs` apart plus a random jitter, so a burst
 * does not look like a bot to WhatsApp and get the number banned. Typed messages never wait here.
 * In-process: with several backend instances each paces its own sends.
 */
@Injectable()
export class OutboundPacer implements OnApplicationShutdown {
  private readonly nextSlot = new Map<string, number>();
  private readonly lastSent = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(@Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions) {}

  /** Resolves when this tenant may send its next automated message. */
  async wait(tenantId: string): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot.get(tenantId) ?? 0);
    const gap = this.options.automatedMinIntervalMs + Math.random() * this.options.automatedJitterMs;
    this.nextSlot.set(tenantId, slot + gap);
    if (slot <= now) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, slot - now);
      this.timers.add(timer);
    });
  }

  /**
   * Right before the driver call (after the message is claimed): at least the minimum interval since
   * this tenant's previous automated send. The slot from wait() is taken before the claim's database
   * round trip, whose time varies; this keeps the spacing WhatsApp sees.
   */
  async spaceFromPrevious(tenantId: string): Promise<void> {
    for (;;) {
      const due = (this.lastSent.get(tenantId) ?? 0) + this.options.automatedMinIntervalMs - Date.now();
      if (due <= 0) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, due);
        this.timers.add(timer);
      });
    }
    this.lastSent.set(tenantId, Date.now());
  }

  onApplicationShutdown() {
    for (const t of this.timers) clearTimeout(t);
  }
}
