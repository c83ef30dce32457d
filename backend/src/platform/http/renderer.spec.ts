import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
// as the build's index.html shows the sign-in screen before the app's script (desktop/vite.sign-in-shell.ts)
const INLINE_SCRIPT = "document.documentElement.dataset.early = 'yes';";
const dir = mkdtempSync(join(tmpdir(), 'crm-renderer-'));

beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>CRM</title><script>${INLINE_SCRIPT}</script><div id="root"></div>`);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // a file where an API path points: the API must answer, never the file
  mkdirSync(join(dir, 'api'));
  writeFileSync(join(dir, 'api', 'health'), 'a file, not the API');
  t = await startTestApp({ env: { RENDERER_DIR: dir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves the app at / and at deep links, with a content security policy', async () => {
    for (const path of ['/', '/leads', '/contacts/123', '/super/dashboard']) {
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("lets the page's own inline script run, by its hash, and no other inline script", async () => {
    const csp = (await fetch(`${t.url}/login`)).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((part) => part.startsWith('script-src '));
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('serves hashed assets as immutable files', async () => {
    const res = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers API paths from the API even when the folder holds a file of that name', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  });

  it('keeps unknown API paths as JSON 404s, not the app', async () => {
    const res = await fetch(`${t.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(false);
  });
});

describe('web app under a folder whose name starts with a dot (~/.local/share/crm)', () => {
  let dotted: TestApp;
  const home = mkdtempSync(join(tmpdir(), 'crm-home-'));
  const rendererDir = join(home, '.local', 'share', 'crm', 'desktop', 'dist', 'renderer');

  beforeAll(async () => {
    mkdirSync(join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>CRM</title><div id="root"></div>');
    writeFileSync(join(rendererDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(rendererDir, 'assets', 'app-abc123.js.map'), '{"sourcesContent":["the whole source"]}');
    writeFileSync(join(rendererDir, '.env'), 'SECRET=do-not-serve');
    mkdirSync(join(rendererDir, '.git'));
    writeFileSync(join(rendererDir, '.git', 'config'), '[core] secret');
    dotted = await startTestApp({ env: { RENDERER_DIR: rendererDir } });
  });
  afterAll(async () => {
    await dotted?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('serves every page and asset', async () => {
    for (const path of ['/', '/leads', '/contacts/123']) {
      const res = await fetch(dotted.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    expect(await (await fetch(`${dotted.url}/assets/app-abc123.js`)).text()).toBe('console.log(1)');
  });

  it("does not serve the build's source maps", async () => {
    const res = await fetch(`${dotted.url}/assets/app-abc123.js.map`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('the whole source');
  });

  it('still refuses dotfiles inside the web app folder', async () => {
    for (const path of ['/.env', '/.git/config', '/assets/../.env']) {
      const res = await fetch(dotted.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/secret/i);
    }
  });
});
