import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@crm/common';
import { WhatsAppStatusCache } from '../src/modules/whatsapp/whatsapp-status-cache.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** Fast, deterministic simulator timings for tests, given to the app's configuration. */
export function messengerTestEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    WHATSAPP_DRIVER: 'simulator',
    WHATSAPP_SIM_TIME_SCALE: '0.01',
    WHATSAPP_SIM_AUTO_CONNECT_MS: '0',
    WHATSAPP_WATCHDOG_SECONDS: '0',
    WHATSAPP_PING_TIMEOUT_MS: '200',
    WHATSAPP_AUTOMATED_MIN_INTERVAL_MS: '0',
    WHATSAPP_AUTOMATED_JITTER_MS: '0',
    ...overrides,
  };
}

export async function startMessengerApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startTestApp({ ...options, env: messengerTestEnv(options.env) });
}

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** A socket.io client as the desktop app uses it, recording every event it receives. */
export class TestSocket {
  readonly received: { event: EventName; payload: unknown }[] = [];
  private waiters: { event: EventName; test: (p: any) => boolean; resolve: (p: any) => void }[] = [];

  constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event: event as EventName, payload });
      this.waiters = this.waiters.filter((w) => {
        if (w.event !== event || !w.test(payload)) return true;
        w.resolve(payload);
        return false;
      });
    });
  }

  all<E extends EventName>(event: E): Payload<E>[] {
    return this.received.filter((r) => r.event === event).map((r) => r.payload as Payload<E>);
  }

  /** The first event (already received or coming) that passes the test. */
  waitFor<E extends EventName>(event: E, test: (p: Payload<E>) => boolean = () => true, timeoutMs = 5_000): Promise<Payload<E>> {
    const seen = this.all(event).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
      this.waiters.push({ event, test: test as (p: any) => boolean, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  }

  clear() {
    this.received.length = 0;
  }

  close() {
    this.socket.close();
  }

  /** Closes it and resolves once the client has seen the disconnection. */
  closeAndWait(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.socket.once('disconnect', () => resolve());
      this.socket.close();
    });
  }
}

/** The sockets a spec opens (connectSocket), closed together at its end. */
export class OpenSockets {
  private readonly sockets: TestSocket[] = [];

  async open(t: Pick<TestApp, 'url'>, token: string): Promise<TestSocket> {
    const socket = await connectSocket(t, token);
    this.sockets.push(socket);
    return socket;
  }

  closeAll() {
    for (const socket of this.sockets.splice(0)) socket.close();
  }
}

/** Connects and waits until the server has authenticated the socket and joined its rooms. */
export async function connectSocket(t: Pick<TestApp, 'url'>, token: string): Promise<TestSocket> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  const client = new TestSocket(socket);
  const ready = client.waitFor('wa:status');
  socket.emit('wa:get_status');
  await ready;
  client.clear();
  return client;
}

/** Starts the tenant's simulated WhatsApp and scans the QR. */
/** Links the company's simulated phone; with the app at hand, also waits for the linked state to be stored (the status answers from memory first). */
export async function connectWhatsApp(t: Pick<TestApp, 'api'> & Partial<Pick<TestApp, 'app'>>, token: string) {
  const start = await t.api.post('/whatsapp/start', undefined, { token });
  if (start.status !== 200) throw new Error(`start failed: ${start.status} ${start.body.error}`);
  const now = await t.api.post('/dev/whatsapp/connect-now', undefined, { token });
  if (now.status !== 200) throw new Error(`connect-now failed: ${now.status} ${now.body.error}`);
  for (let i = 0; i < 400; i++) {
    const status = await t.api.get('/whatsapp/status', { token });
    if (status.body.data.state === 'connected') {
      await t.app?.get(WhatsAppStatusCache).allStored();
      return status.body.data;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('WhatsApp did not connect');
}

export function inbound(t: Pick<TestApp, 'api'>, token: string, body: Record<string, unknown>) {
  return t.api.post('/dev/whatsapp/inbound', body, { token });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
