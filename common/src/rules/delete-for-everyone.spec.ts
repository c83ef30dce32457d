import { describe, expect, it } from 'vitest';
import { DELETE_FOR_EVERYONE_WINDOW_HOURS, isWithinDeleteForEveryoneWindow } from './delete-for-everyone.js';

describe('isWithinDeleteForEveryoneWindow', () => {
  const sent = '2026-11-20T10:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('is 60 hours (WhatsApp allows about two and a half days)', () => {
    expect(DELETE_FOR_EVERYONE_WINDOW_HOURS).toBe(60);
  });

  it('allows a young message, up to and including the last millisecond of the window', () => {
    expect(isWithinDeleteForEveryoneWindow(sent, at('2026-11-20T10:00:00.000Z'))).toBe(true);
    expect(isWithinDeleteForEveryoneWindow(sent, at('2026-11-22T11:00:00.000Z'))).toBe(true);
    expect(isWithinDeleteForEveryoneWindow(sent, at('2026-11-22T22:00:00.000Z'))).toBe(true); // exactly 60 h
    expect(isWithinDeleteForEveryoneWindow(sent, at('2026-11-22T22:00:00.001Z'))).toBe(false);
    expect(isWithinDeleteForEveryoneWindow(sent, at('2026-11-25T10:00:00.000Z'))).toBe(false);
  });

  it('takes dates, ISO strings and epoch milliseconds alike', () => {
    const sentAt = new Date(sent);
    expect(isWithinDeleteForEveryoneWindow(sentAt, sentAt.getTime() + 59 * 3_600_000)).toBe(true);
    expect(isWithinDeleteForEveryoneWindow(sentAt.getTime(), sentAt.getTime() + 61 * 3_600_000)).toBe(false);
  });

  it('never allows a message whose time cannot be read', () => {
    expect(isWithinDeleteForEveryoneWindow('not a date', at(sent))).toBe(false);
  });
});
