import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { BACKEND_MAIN, CHROMIUM_PATH, RENDERER_DIR, REPO_ROOT } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const START_TIMEOUT_MS = 90_000;

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, backend: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (backend.exitCode !== null) throw new Error(`The backend exited with code ${backend.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      const body = (await response.json()) as { ok?: boolean; data?: { status?: string } };
      if (response.ok && body.ok && body.data?.status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The backend did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** Starts the built backend in demo mode on a free port with a fresh data directory; stops it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    throw new Error('desktop/dist/renderer is missing: run `npm run build:renderer -w desktop` first.');
  }
  if (!existsSync(BACKEND_MAIN)) throw new Error('backend/dist/src/main.js is missing: run `npm run build` first.');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The backend's output is kept only when it fails to start (CI treats files in test-results as failures).
  const logFile = path.join(dataDir, 'backend.log');
  const log = createWriteStream(logFile);

  // The simulated phone scans its QR only when a test says so (POST /dev/whatsapp/connect-now): with
  // the default 4 s auto-scan, a loaded machine could connect before the test had seen the QR.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: '1',
    RENDERER_DIR,
    NODE_ENV: 'production',
    WHATSAPP_SIM_AUTO_CONNECT_MS: '0',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const backend = spawn(process.execPath, [BACKEND_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  backend.stdout?.pipe(log);
  backend.stderr?.pipe(log);

  const stop = async () => {
    if (backend.exitCode === null) {
      const exited = new Promise((resolve) => backend.once('exit', resolve));
      backend.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
      if (!killed) backend.kill('SIGKILL');
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, backend);
    const page = await fetch(`${baseUrl}/login`);
    if (!(await page.text()).includes('<div id="root">')) throw new Error('The backend does not serve the renderer at /');
  } catch (error) {
    const output = await readFile(logFile, 'utf8').catch(() => '');
    await stop();
    const tail = output.split('\n').slice(-40).join('\n');
    throw new Error(`${(error as Error).message}\n--- backend output (last lines) ---\n${tail}`);
  }

  project.provide('baseUrl', baseUrl);
  return stop;
}
