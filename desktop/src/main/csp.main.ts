/**
 * The renderer's Content-Security-Policy. Scripts only from the app bundle, no eval, no
 * plugins, no frames; network only to the app itself and the configured CRM server (REST goes
 * through the app:// proxy, the realtime socket straight to the server).
 *
 * style-src allows inline styles: Mantine writes its theme's CSS variables into <style> tags at
 * run time. Styles cannot run code, so this does not reopen script injection.
 */
export function buildContentSecurityPolicy(serverUrl: string | null): string {
  const server = serverUrl ? [serverUrl, serverUrl.replace(/^http/, 'ws')] : [];
  const serverMedia = serverUrl ? [serverUrl] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...serverMedia],
    'media-src': ["'self'", 'blob:', ...serverMedia],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...server],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
