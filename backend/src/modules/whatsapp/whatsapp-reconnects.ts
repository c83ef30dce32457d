import { Inject, Injectable, Logger } from '@nestjs/common';
import { MESSENGER_OPTIONS, type MessengerOptions } from './messenger-options.js';
import type { WhatsAppDriver, WhatsAppSession } from './whatsapp-driver.js';

/** What a reconnect needs of a live session. */
export type Reconnecting = {
  driver: WhatsAppDriver;
  session: WhatsAppSession;
  /** Attempts made since the session was last connected. */
  reconnectAttempt: number;
  reconnectTimer?: NodeJS.Timeout;
};

/**
 * After a drop (or a start that failed while reconnecting), the next attempt: after the configured
 * delays in turn (scaled down for the simulator), the old session stopped first; once the delays
 * are spent, the caller gives up (the session needs a new QR).
 */
@Injectable()
export class WhatsAppReconnects {
  private readonly logger = new Logger('WhatsApp');

  constructor(@Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions) {}

  /**
   * Plans the next attempt for `entry`: `relaunch(attempt)` runs after the delay unless
   * `stillCurrent()` says the session was replaced or stopped meanwhile; `giveUp()` at once when
   * no attempt is left.
   */
  schedule(entry: Reconnecting, hooks: { stillCurrent(): boolean; relaunch(attempt: number): void; giveUp(): void }) {
    const delays = this.options.reconnectDelaysMs;
    if (entry.reconnectAttempt >= delays.length) return hooks.giveUp();
    const scale = entry.driver.name === 'simulator' ? this.options.simTimeScale : 1;
    const delay = Math.round(delays[entry.reconnectAttempt] * scale);
    const attempt = entry.reconnectAttempt + 1;
    clearTimeout(entry.reconnectTimer);
    entry.reconnectTimer = setTimeout(() => {
      if (!hooks.stillCurrent()) return;
      entry.session
        .stop()
        .catch(() => undefined)
        .then(() => {
          if (!hooks.stillCurrent()) return;
          hooks.relaunch(attempt);
        })
        // relaunching creates the driver's session, which may throw: logged, not left to stop the process
        .catch((err: unknown) => this.logger.error(`reconnecting WhatsApp (attempt ${attempt}) failed: ${err instanceof Error ? err.message : err}`));
    }, delay);
    entry.reconnectTimer.unref?.();
  }
}
