type Listener = (...args: unknown[]) => void;

/** Stands in for a socket.io-client Socket: records what the app subscribes to and lets a test play the server. */
export class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly sent: [string, unknown[]][] = [];
  active = true;
  disconnected = false;
  readonly auth: { token?: string };

  constructor(
    readonly url: string,
    readonly options: { auth?: { token?: string }; path?: string; transports?: string[] },
  ) {
    this.auth = options.auth ?? {};
  }

  /** As in socket.io-client: false until the server's `connect`, false again after a disconnect. */
  connected = false;

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push([event, args]);
    return this;
  }

  disconnect(): this {
    this.active = false;
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  /** Test side: the server emits `event`. */
  serverEmit(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

export const openedSockets: FakeSocket[] = [];

export function fakeIo(url: string, options: ConstructorParameters<typeof FakeSocket>[1]): FakeSocket {
  const socket = new FakeSocket(url, options);
  openedSockets.push(socket);
  return socket;
}
