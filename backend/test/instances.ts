import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ApiClient } from './api-client.js';
import { sleep } from './messenger.js';

/*
 * Backend instances as separate OS processes (src/main.ts, as production runs it), for the tests
 * of several instances on one PostgreSQL (and Redis): one process per instance, so that one can
 * be SIGKILLed with no shutdown and no hand-over, which an in-process app cannot show.
 */
export const INSTANCE_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type Instance = {
  name: string;
  url: string;
  api: ApiClient;
  process: ChildProcess;
  /** What the process printed (shown when it fails to start). */
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Sends the signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Starts `src/main.ts` with this environment and waits until GET /health answers. */
export async function startInstance(env: Record<string, string>, name = env.INSTANCE_ID ?? 'instance'): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      SWC_NODE_PROJECT: 'tsconfig.json',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: INSTANCE_JWT_SECRET,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    url,
    api: new ApiClient(url),
    process: child,
    output,
    exited,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${output.join('')}`);
    const up = await instance.api.get('/health').catch(() => undefined);
    if (up?.status === 200) return instance;
    await sleep(100);
  }
  await instance.kill();
  throw new Error(`${name} did not start: ${output.join('')}`);
}
