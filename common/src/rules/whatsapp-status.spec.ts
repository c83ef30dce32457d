import { describe, expect, it } from 'vitest';
import { socketBadge, whatsAppBadge } from './whatsapp-status.js';

describe('whatsAppBadge', () => {
  it.each([
    ['loading', 'Loading...'],
    ['initializing', 'Loading...'],
    ['not_configured', 'Not Configured'],
    ['scan', 'Scan QR'],
    ['GOT_QR', 'Scan QR'],
    ['connected', 'Connected'],
    ['ready', 'Connected'],
    ['needs_qr', 'Needs QR scan'],
    ['auth_failure', 'auth_failure'],
  ])('%s → %s', (state, label) => {
    expect(whatsAppBadge(state).label).toBe(label);
  });

  it('shows the QR only while scanning, and errors for unknown states', () => {
    expect(whatsAppBadge('scan').showQr).toBe(true);
    expect(whatsAppBadge('connected').showQr).toBe(false);
    expect(whatsAppBadge('disconnected').tone).toBe('error');
    expect(whatsAppBadge('needs_qr').tone).toBe('error');
  });

  it('socket badge', () => {
    expect(socketBadge(true)).toBe('Socket: OK');
    expect(socketBadge(false)).toBe('Socket: Off');
  });
});
