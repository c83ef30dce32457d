import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numericInput, timeZoneSchema } from './inputs.js';

describe('shared inputs', () => {
  it('numbers may come as text, with Arabic digits and separators; other text is refused with its own message', () => {
    const n = numericInput(z.number().min(0), 'Amount must be a number');
    expect(n.parse('1,250.5')).toBe(1250.5);
    expect(n.parse('١٢٠')).toBe(120);
    const bad = n.safeParse('abc');
    expect(bad.success ? '' : bad.error.issues[0].message).toBe('Amount must be a number');
  });

  it('a time zone defaults to Cairo when blank and refuses a made-up one', () => {
    expect(timeZoneSchema.parse('')).toBe('Africa/Cairo');
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});
