import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import { Socket } from 'node:net';
import pg from 'pg';

/**
 * One request as the server saw it: from its arrival to the answer handed to the socket, its SQL,
 * and where the rest went: before its first query, between its round trips, after its last answer.
 */
export type ServedRequest = { id: string; serverMs: number; sqlMs: number; beforeMs: number; betweenMs: number; afterMs: number; roundTrips: number; statements: number };

type Open = { id: string; start: number; inFlight: number; since: number; first?: number; last?: number; sqlMs: number; roundTrips: number; statements: number };

/**
 * Times the SQL of each HTTP request inside the server: the time during which the request had a
 * query of its own in flight on a connection (from writing it to the socket until pg resolved its answer, rows
 * parsed), queries sent together (pipelined) counted once. Only the request's own queries: the
 * app's background rounds (jobs, leases) run outside the request's async context. Returns the
 * requests served so far, by the X-Request-Id the client sent, and a function to undo the hooks;
 * `onServed` hears the count of requests served each time one is.
 */
export function timeStatements(server: Server, onServed?: (served: number) => void): { served: Map<string, ServedRequest>; stop(): void } {
  const served = new Map<string, ServedRequest>();
  const current = new AsyncLocalStorage<Open>();
  const handlers = server.listeners('request') as ((...a: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: { headers: Record<string, unknown> }, res: { once(e: string, f: () => void): void }) => {
    const open: Open = { id: String(req.headers['x-request-id'] ?? ''), start: performance.now(), inFlight: 0, since: 0, sqlMs: 0, roundTrips: 0, statements: 0 };
    res.once('finish', () => {
      const end = performance.now();
      const first = open.first ?? end;
      const last = open.last ?? end;
      served.set(open.id, {
        id: open.id,
        serverMs: end - open.start,
        sqlMs: open.sqlMs,
        beforeMs: first - open.start,
        betweenMs: last - first - open.sqlMs,
        afterMs: end - last,
        roundTrips: open.roundTrips,
        statements: open.statements,
      });
      onServed?.(served.size);
    });
    current.run(open, () => handlers.forEach((h) => h.call(server, req, res)));
  });

  // A transaction holds its queries in the corked socket until the end of the turn (connect.ts):
  // they are in flight from the write that sends them, not from the call.
  const unsent = new WeakMap<Socket, Open[]>();
  const { _write: write, _writev: writev } = Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
  const sending = (original: (...a: unknown[]) => unknown) =>
    function (this: Socket, ...args: unknown[]) {
      const opens = unsent.get(this);
      if (opens) {
        unsent.delete(this);
        const now = performance.now();
        for (const open of opens) if (open.inFlight > 0) open.since = now;
      }
      return original.apply(this, args);
    };
  Object.assign(Socket.prototype, { _write: sending(write), _writev: sending(writev) });

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & { connection?: { stream?: Socket } }, ...args: unknown[]) {
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    const open = current.getStore();
    if (!open || !answer || typeof (answer as Promise<unknown>).then !== 'function') return answer;
    open.statements++;
    if (open.inFlight++ === 0) {
      const socket = this.connection?.stream;
      if (socket?.writableCorked) unsent.set(socket, [...(unsent.get(socket) ?? []), open]);
      open.since = performance.now();
      open.roundTrips++;
    }
    const done = () => {
      open.first ??= open.since;
      if (--open.inFlight > 0) return;
      open.last = performance.now();
      open.sqlMs += open.last - open.since;
    };
    (answer as Promise<unknown>).then(done, done);
    return answer;
  } as typeof query;

  return {
    served,
    stop: () => {
      pg.Client.prototype.query = query;
      Object.assign(Socket.prototype, { _write: write, _writev: writev });
      server.removeAllListeners('request');
      for (const h of handlers) server.on('request', h);
    },
  };
}
