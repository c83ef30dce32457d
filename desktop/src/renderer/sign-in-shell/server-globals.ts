/**
 * The few browser globals the sign-in screen's modules read as they load (the bridge, stored
 * preferences), for rendering it in Node at build time. Nothing here is shipped to a browser.
 */
const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, String(value)),
  removeItem: (key: string) => void memory.delete(key),
  clear: () => memory.clear(),
  key: () => null,
  length: 0,
};
const g = globalThis as Record<string, unknown>;
g.window ??= globalThis;
g.localStorage ??= storage;
g.sessionStorage ??= storage;
g.location ??= new URL('http://localhost/login');
