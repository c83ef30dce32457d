import { bridgeOk } from '@crm/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncLanguageWithDesktop } from './desktop-language';
import { applyPreferences } from './locale';

describe('telling the desktop app the language', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    applyPreferences({ language: 'en' });
  });

  it('sends the language on start and on every switch', () => {
    const bridge = { setLanguage: vi.fn(async (_language: string) => bridgeOk(null)) };
    applyPreferences({ language: 'en' });
    stop = syncLanguageWithDesktop(bridge);
    expect(bridge.setLanguage).toHaveBeenLastCalledWith('en');

    applyPreferences({ language: 'ar' });
    expect(bridge.setLanguage).toHaveBeenLastCalledWith('ar');
    // The digits setting is the renderer's business: no second call for the same language.
    applyPreferences({ arabicDigits: true });
    applyPreferences({ language: 'en' });
    expect(bridge.setLanguage.mock.calls).toEqual([['en'], ['ar'], ['en']]);
  });

  it('stops sending once unsubscribed', () => {
    const bridge = { setLanguage: vi.fn(async () => bridgeOk(null)) };
    stop = syncLanguageWithDesktop(bridge);
    stop();
    applyPreferences({ language: 'ar' });
    expect(bridge.setLanguage).toHaveBeenCalledOnce();
  });
});
