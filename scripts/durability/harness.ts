/**
 * The durability check's harness: the backend as a child process (started, killed), the API calls
 * it makes as a user, and a rate-limited stream of work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAX_IN_FLIGHT = 64;
export const root = fileURLToPath(new URL('../..', import.meta.url));

export const log = (line: string) => console.log(`[durability] ${line}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Json = { ok: boolean; data?: any; error?: string };

export class Backend {
  private child?: ChildProcess;
  output = '';
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'backend/src/main.ts'], {
      cwd: root,
      env: { ...process.env, SWC_NODE_PROJECT: 'backend/tsconfig.json', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (b: Buffer) => (this.output = (this.output + b.toString()).slice(-20_000));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    const started = Date.now();
    while (Date.now() - started < 90_000) {
      if (
        await fetch(`${this.url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      if (this.child.exitCode !== null) throw new Error(`backend exited (${this.child.exitCode}):\n${this.output}`);
      await sleep(200);
    }
    throw new Error(`backend did not start:\n${this.output}`);
  }
  kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}

export async function call(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => ({ ok: false }))) as Json };
}

export async function must(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await call(base, method, path, body, token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.json.error}`);
  return res.json.data;
}

export async function waitConnected(base: string, token: string) {
  for (let i = 0; i < 300; i++) {
    const status = await must(base, 'GET', '/whatsapp/status', undefined, token);
    if (status.state === 'connected') return;
    if (status.state === 'scan') await call(base, 'POST', '/dev/whatsapp/connect-now', undefined, token);
    await sleep(100);
  }
  throw new Error('WhatsApp did not connect');
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Runs `work` for each item at `rate` per second with at most MAX_IN_FLIGHT at once, until `stop()` says so. */
export async function stream(rate: number, count: number, stop: () => boolean, work: (i: number) => Promise<void>): Promise<number> {
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let i = 0;
  while (i < count && !stop()) {
    const due = Math.min(count, Math.floor(((Date.now() - started) / 1000) * rate));
    while (i < due && inFlight.size < MAX_IN_FLIGHT && !stop()) {
      const p = work(i++).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await sleep(5);
  }
  await Promise.allSettled(inFlight);
  return i;
}
