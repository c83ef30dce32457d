import { describe, expect, it, vi } from 'vitest';
import type { WhatsAppDriver } from './whatsapp-driver.js';
import { WhatsAppDrivers } from './whatsapp-drivers.js';
import type { WhatsappAccountRow } from './whatsapp.table.js';

/* Which driver runs a company's session: the configured one, unless a registered kind runs that company. */
const driver = (name: WhatsAppDriver['name']): WhatsAppDriver => ({ name, needsOggVoice: false, createSession: vi.fn(), removeStoredSession: vi.fn() });
const account = (tenantId: string) => ({ tenantId }) as WhatsappAccountRow;

describe('WhatsAppDrivers', () => {
  it('runs every company on the configured driver while no other kind is registered', () => {
    const configured = driver('wwebjs');
    const drivers = new WhatsAppDrivers(configured);
    expect(drivers.forAccount(account('t1'))).toBe(configured);
    expect(drivers.all()).toEqual([configured]);
  });

  it('a registered kind runs the companies it chooses; the others stay on the configured driver; each driver is listed once', () => {
    const configured = driver('wwebjs');
    const other = driver('simulator');
    const drivers = new WhatsAppDrivers(configured);
    drivers.register({ driver: other, runs: (a) => a.tenantId === 't2' });
    drivers.register({ driver: other, runs: (a) => a.tenantId === 't3' });
    expect(drivers.forAccount(account('t1'))).toBe(configured);
    expect(drivers.forAccount(account('t2'))).toBe(other);
    expect(drivers.forAccount(account('t3'))).toBe(other);
    expect(drivers.all()).toEqual([configured, other]);
  });
});
