import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { applyPreferences, loadLanguage } from '../i18n';

// CI and a developer's machine run many test files at once: a screen that renders in 50 ms alone
// can take seconds under load. Waiting longer changes no assertion, only how long a find may wait.
configure({ asyncUtilTimeout: 4000 });

// The app fetches the Arabic texts before it first shows them; tests have them from the start, so
// a switch to Arabic applies at once as it does in the app once they are loaded.
await loadLanguage('ar');

// jsdom lacks the layout APIs Mantine asks for; these stand-ins answer "desktop-sized, no motion".
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

afterEach(() => {
  cleanup();
  // Every test starts in English, left to right, as a first start on an English system does.
  applyPreferences({ language: 'en', arabicDigits: false });
  localStorage.clear();
  vi.restoreAllMocks();
});

// No test opens a real socket: the realtime client gets a scriptable fake.
vi.mock('socket.io-client', async () => {
  const { fakeIo } = await import('./fake-socket');
  return { io: fakeIo };
});
