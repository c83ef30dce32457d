import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessengerOptions } from './messenger-options.js';
import type { WhatsAppDriver, WhatsAppSession } from './whatsapp-driver.js';
import { WhatsAppReconnects, type Reconnecting } from './whatsapp-reconnects.js';

const options = { reconnectDelaysMs: [1_000], simTimeScale: 1 } as MessengerOptions;

function entry(): Reconnecting {
  return {
    driver: { name: 'wwebjs' } as unknown as WhatsAppDriver,
    session: { stop: () => Promise.resolve() } as unknown as WhatsAppSession,
    reconnectAttempt: 0,
  };
}

describe('WhatsAppReconnects', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('logs a relaunch that throws instead of leaving an unhandled rejection', async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      new WhatsAppReconnects(options).schedule(entry(), {
        stillCurrent: () => true,
        relaunch: () => {
          throw new Error('browser would not start');
        },
        giveUp: () => undefined,
      });
      await vi.advanceTimersByTimeAsync(1_000);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('browser would not start'));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('relaunches with the next attempt number after the delay', async () => {
    vi.useFakeTimers();
    const relaunch = vi.fn();
    new WhatsAppReconnects(options).schedule(entry(), { stillCurrent: () => true, relaunch, giveUp: () => undefined });
    await vi.advanceTimersByTimeAsync(999);
    expect(relaunch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(relaunch).toHaveBeenCalledWith(1);
  });
});
