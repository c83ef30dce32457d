import { describe, expect, it, vi } from 'vitest';
import { installPermissionHandlers, isPermissionAllowed, isPermissionCheckAllowed } from './permissions.main';

const app = { requestingUrl: 'app://crm/whatsapp', securityOrigin: 'app://crm/', isMainFrame: true };

describe('permissions', () => {
  it("grants the microphone to the app's own page only", () => {
    expect(isPermissionAllowed('media', { ...app, mediaTypes: ['audio'] })).toBe(true);
    expect(isPermissionAllowed('media', { ...app, securityOrigin: 'https://evil.example/', requestingUrl: 'https://evil.example/', mediaTypes: ['audio'] })).toBe(false);
    expect(isPermissionAllowed('media', { ...app, isMainFrame: false, mediaTypes: ['audio'] })).toBe(false);
  });

  it('refuses the camera and every other permission', () => {
    expect(isPermissionAllowed('media', { ...app, mediaTypes: ['video'] })).toBe(false);
    expect(isPermissionAllowed('media', { ...app, mediaTypes: ['audio', 'video'] })).toBe(false);
    for (const permission of ['geolocation', 'notifications', 'display-capture', 'openExternal', 'hid', 'usb']) {
      expect(isPermissionAllowed(permission, app)).toBe(false);
    }
  });

  it('answers permission checks by the same rule', () => {
    expect(isPermissionCheckAllowed('media', 'app://crm', 'audio')).toBe(true);
    expect(isPermissionCheckAllowed('media', 'app://crm', 'video')).toBe(false);
    expect(isPermissionCheckAllowed('media', 'https://evil.example', 'audio')).toBe(false);
  });

  it('installs both handlers on the session', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    installPermissionHandlers(session as never);
    const request = session.setPermissionRequestHandler.mock.calls[0]![0] as (...args: unknown[]) => void;
    const callback = vi.fn();
    request({}, 'media', callback, { ...app, mediaTypes: ['audio'] });
    expect(callback).toHaveBeenCalledWith(true);
    request({}, 'geolocation', callback, app);
    expect(callback).toHaveBeenLastCalledWith(false);
  });
});
