/**
 * How fast the web app opens, in Debian's Chromium on this machine, against the built backend in
 * demo mode (PGlite, fresh data): RUNS times, each in a fresh browser context (an empty cache, as
 * a first visit), the time from asking for /login until its e-mail field can be typed in, then from
 * pressing Sign In until the dashboard's heading shows; and the sign-in screen on an Arabic system
 * (its texts are a chunk of their own, fetched before the first render). Also the initial
 * JavaScript the sign-in screen downloads (gzip), read from the built index.html. Prints p50/p95
 * and the load average.
 *
 *   npm run build && npm run bench:renderer
 *   RUNS=20 CHROMIUM_PATH=/usr/bin/chromium npm run bench:renderer
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.RUNS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RENDERER_DIR = join(ROOT, 'desktop/dist/renderer');
const BACKEND_MAIN = join(ROOT, 'backend/dist/src/main.js');
const log = (line: string) => console.log(`[bench] ${line}`);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The scripts index.html loads before anything renders (the entry and its preloads), gzipped as served. */
function initialJsKb(): { files: number; kb: number } {
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(RENDERER_DIR, file))).length, 0);
  return { files: files.length, kb: +(bytes / 1024).toFixed(1) };
}

async function main() {
  for (const [what, path] of [
    ['the built renderer (npm run build)', join(RENDERER_DIR, 'index.html')],
    ['the built backend (npm run build)', BACKEND_MAIN],
    [`Chromium (${CHROMIUM})`, CHROMIUM],
  ])
    if (!existsSync(path)) throw new Error(`${what} is missing: ${path}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-renderer-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', RENDERER_DIR, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const backend = spawn(process.execPath, [BACKEND_MAIN], { cwd: ROOT, env, stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (backend.exitCode !== null) throw new Error(`the backend exited with code ${backend.exitCode}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    const initial = initialJsKb();
    log(`${base}: ${RUNS} runs; initial JS of the sign-in screen ${initial.kb} KB gzip in ${initial.files} files`);
    const loginReady: number[] = [];
    const dashboardReady: number[] = [];
    const arabicLoginReady: number[] = [];
    const loadBefore = loadavg();
    // one warm-up run: the backend's first requests (JIT, PGlite pages) are not what a user meets
    for (let run = -1; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const startLogin = performance.now();
      await page.goto(`${base}/login`, { waitUntil: 'commit' });
      const email = page.getByLabel(/^Email/);
      await email.waitFor({ state: 'visible' });
      await email.fill('admin@demo.test');
      const login = performance.now() - startLogin;
      await page.getByLabel(/^Password/).fill('Demo@12345');
      const startDashboard = performance.now();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const dashboard = performance.now() - startDashboard;
      await context.close();
      // a first visit from an Arabic system: the sign-in screen opens in Arabic
      const arabicContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'ar-EG' });
      const arabicPage = await arabicContext.newPage();
      const startArabic = performance.now();
      await arabicPage.goto(`${base}/login`, { waitUntil: 'commit' });
      const arabicEmail = arabicPage.getByLabel(/^البريد الإلكتروني/);
      await arabicEmail.waitFor({ state: 'visible' });
      await arabicEmail.fill('admin@demo.test');
      const arabicLogin = performance.now() - startArabic;
      await arabicContext.close();
      if (run >= 0) {
        loginReady.push(login);
        dashboardReady.push(dashboard);
        arabicLoginReady.push(arabicLogin);
      }
    }
    const loadAfter = loadavg();
    const report = {
      runs: RUNS,
      initialJsKbGzip: initial.kb,
      loginReadyMs: { p50: Math.round(pct(loginReady, 50)), p95: Math.round(pct(loginReady, 95)) },
      dashboardAfterSignInMs: { p50: Math.round(pct(dashboardReady, 50)), p95: Math.round(pct(dashboardReady, 95)) },
      arabicLoginReadyMs: { p50: Math.round(pct(arabicLoginReady, 50)), p95: Math.round(pct(arabicLoginReady, 95)) },
      loadAverage: { before: loadBefore.map((x) => +x.toFixed(2)), after: loadAfter.map((x) => +x.toFixed(2)) },
    };
    console.log(JSON.stringify(report, null, 2));
    log(
      `sign-in screen ready to type in: p50 ${report.loginReadyMs.p50} / p95 ${report.loginReadyMs.p95} ms; dashboard after Sign In: p50 ${report.dashboardAfterSignInMs.p50} / p95 ${report.dashboardAfterSignInMs.p95} ms; in Arabic, ready to type in: p50 ${report.arabicLoginReadyMs.p50} / p95 ${report.arabicLoginReadyMs.p95} ms; load ${loadBefore[0].toFixed(2)} → ${loadAfter[0].toFixed(2)}`,
    );
  } finally {
    await browser.close();
    backend.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
