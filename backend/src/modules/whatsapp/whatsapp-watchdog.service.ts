import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MESSENGER_OPTIONS, type MessengerOptions } from './messenger-options.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';

/**
 * Sessions of WhatsApp-Web die silently (the phone is off-line for days, WhatsApp unlinks the
 * device, the browser hangs) and a CRM that keeps showing "Connected" leaves messages on one tick.
 * Every interval the watchdog pings each connected session with a timeout; a session that fails
 * twice in a row moves to `needs_qr` and the admins are told.
 */
@Injectable()
export class WhatsAppWatchdogService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly sessions: WhatsAppSessionsService,
    @Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions,
  ) {}

  onApplicationBootstrap() {
    if (this.options.watchdogIntervalMs <= 0) return;
    // a round cannot reject: a failed ping counts as a miss, and markNeedsQr logs its own failures
    this.timer = setInterval(() => void this.runOnce(), this.options.watchdogIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** One round over the connected sessions (tests call it directly). */
  runOnce(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round() {
    await Promise.all(
      this.sessions.connectedTenants().map(async (tenantId) => {
        const session = this.sessions.sessionOf(tenantId);
        if (!session) return;
        const ok = await withTimeout(session.ping(), this.options.pingTimeoutMs).catch(() => false);
        await this.sessions.recordPing(tenantId, ok);
      }),
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
