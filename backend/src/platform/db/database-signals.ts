import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DB_CONNECTION } from './database.js';
import type { DbConnection } from './database.types.js';

type Listener = { onSignal: (payload: string) => void; onReconnect?: () => void };

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Signals between backend instances through PostgreSQL's LISTEN/NOTIFY: `notify(channel, payload)`
 * reaches every instance listening on that channel, once the notifying statement has committed.
 * On PostgreSQL one dedicated connection listens for the whole process and reconnects after a
 * drop; what was notified meanwhile is lost, so a listener gives `onReconnect` to catch up from its
 * tables. The embedded PGlite (one process by construction) delivers them in process.
 */
@Injectable()
export class DatabaseSignals implements OnApplicationShutdown {
  private readonly logger = new Logger('DatabaseSignals');
  private readonly listeners = new Map<string, Set<Listener>>();
  private client?: pg.Client;
  private connecting?: Promise<pg.Client | undefined>;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectDelay = RECONNECT_MIN_MS;
  private pgliteUnsubscribers = new Map<string, () => Promise<void>>();
  private closed = false;

  constructor(@Inject(DB_CONNECTION) private readonly conn: DbConnection) {}

  async notify(channel: string, payload: string): Promise<void> {
    await this.conn.raw('select pg_notify($1, $2)', [channel, payload]);
  }

  /** Calls `onSignal` with each payload notified on the channel; answers a function that stops listening. */
  async listen(channel: string, onSignal: (payload: string) => void, onReconnect?: () => void): Promise<() => void> {
    const listener: Listener = { onSignal, onReconnect };
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    if (first) await this.subscribe(channel);
    return () => void set.delete(listener);
  }

  async onApplicationShutdown() {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    // PGlite's listeners end with it (it may already be closed: unsubscribing then would never answer)
    this.pgliteUnsubscribers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private deliver(channel: string, payload: string) {
    for (const l of this.listeners.get(channel) ?? []) {
      try {
        l.onSignal(payload);
      } catch (err) {
        this.logger.error(`a listener of ${channel} failed: ${err}`);
      }
    }
  }

  private async subscribe(channel: string) {
    const source = this.conn.client;
    if (source.kind === 'pglite') {
      this.pgliteUnsubscribers.set(channel, await source.pglite.listen(channel, (payload) => this.deliver(channel, payload)));
      return;
    }
    const client = await this.connected();
    await client?.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  }

  private connected(): Promise<pg.Client | undefined> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<pg.Client | undefined> {
    if (this.closed || this.conn.client.kind !== 'postgres') return undefined;
    const client = new pg.Client(this.conn.client.pool.options);
    client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.listeners.keys()) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    return client;
  }

  private lost(client: pg.Client, err?: Error) {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.logger.warn(`the listening connection dropped${err ? `: ${err.message}` : ''}; reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.connected()
        .then((client) => {
          if (!client) return;
          // whatever was notified while we were away is lost: each listener catches up from its tables
          for (const set of this.listeners.values()) for (const l of set) l.onReconnect?.();
        })
        .catch((err) => {
          this.logger.warn(`reconnecting the listening connection failed: ${err}`);
          this.reconnectDelay = Math.min(RECONNECT_MAX_MS, this.reconnectDelay * 2);
          this.scheduleReconnect();
        });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }
}
