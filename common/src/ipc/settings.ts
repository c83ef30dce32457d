/**
 * The desktop settings' plain values and rules, apart from bridge.ts's zod schemas: the
 * renderer's sign-in screen reads these, and importing them does not bring zod into its first
 * download (common has no side effects, so a bundle keeps only the files it uses).
 */

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'light';

/** First run of the desktop app proposes this server (spec: the backend listens on port 3000). */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A plain-http address of another machine: passwords, tokens and customers' messages would cross
 * the network unencrypted. The desktop app connects to one only after the user confirms it.
 */
export function isUnencryptedRemoteServer(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && !LOOPBACK_HOSTS.has(hostname) && !hostname.endsWith('.localhost');
  } catch {
    return false;
  }
}
