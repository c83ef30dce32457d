import { describe, expect, it, vi } from 'vitest';
import { hardenWebContents } from './navigation.main';

function hardened() {
  const listeners = new Map<string, (event: { preventDefault(): void; url?: string }, url: string) => void>();
  let openHandler!: (details: { url: string }) => { action: string };
  const contents = {
    on: (name: string, listener: never) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
  };
  const openExternal = vi.fn();
  hardenWebContents(contents as never, { openExternal });
  const navigate = (name: string, url: string) => {
    const event = { preventDefault: vi.fn(), url };
    listeners.get(name)!(event, url);
    return event.preventDefault;
  };
  return { navigate, open: (url: string) => openHandler({ url }), openExternal, listeners };
}

describe('navigation rules', () => {
  it.each(['https://evil.example/phish', 'http://localhost:3000/', 'file:///etc/passwd', 'javascript:alert(1)', 'app://other/'])('refuses navigating the window to %s', (url) => {
    const { navigate } = hardened();
    expect(navigate('will-navigate', url)).toHaveBeenCalled();
    expect(navigate('will-redirect', url)).toHaveBeenCalled();
  });

  it('lets the app load its own pages', () => {
    const { navigate } = hardened();
    expect(navigate('will-navigate', 'app://crm/login')).not.toHaveBeenCalled();
  });

  it('denies every new window and opens http(s) links in the system browser', () => {
    const { open, openExternal } = hardened();
    expect(open('https://wa.me/201000000000')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://wa.me/201000000000');

    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'app://crm/leads', 'smb://share/x']) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('refuses to attach a <webview>', () => {
    const { listeners } = hardened();
    const event = { preventDefault: vi.fn() };
    listeners.get('will-attach-webview')!(event, '');
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
