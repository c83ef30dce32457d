import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'crm-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', main], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const stopped = (child: ChildProcess) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

describe('graceful shutdown', () => {
  it('SIGTERM closes HTTP and the embedded database cleanly; the data is intact on the next start', async () => {
    const port = await freePort();
    const first = await startServer(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo@12345' }),
    });
    expect(login.status).toBe(200);

    const exit = stopped(first);
    first.kill('SIGTERM');
    const result = await Promise.race([exit, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(result).not.toBe('timeout');
    expect(
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'open',
        () => 'closed',
      ),
    ).toBe('closed');

    // the same data directory opens again, with the demo data once (nothing lost, nothing seeded twice)
    const second = await startServer(port);
    try {
      const superLogin = await fetch(`http://127.0.0.1:${port}/api/super/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'super@demo.test', password: 'Super@12345' }),
      }).then((r) => r.json() as Promise<{ data: { token: string } }>);
      const tenants = await fetch(`http://127.0.0.1:${port}/api/super/tenants`, {
        headers: { authorization: `Bearer ${superLogin.data.token}` },
      }).then((r) => r.json() as Promise<{ data: { total: number } }>);
      expect(tenants.data.total).toBe(1);
    } finally {
      const exit2 = stopped(second);
      second.kill('SIGTERM');
      await exit2;
    }
  }, 120_000);
});
