import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneFromWhatsAppId, phoneSearchDigits, toLatinDigits, whatsAppIdFromPhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['01001234567', '+201001234567'],
    ['+20 100 123 4567', '+201001234567'],
    ['00201001234567', '+201001234567'],
    ['(010) 0123-4567', '+201001234567'],
    ['٠١٠٠١٢٣٤٥٦٧', '+201001234567'],
    ['+966 50 123 4567', '+966501234567'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input, 'EG')).toEqual({ ok: true, e164: expected });
  });

  it('reads national numbers in the given default country', () => {
    expect(normalizePhone('0501234567', 'SA')).toEqual({ ok: true, e164: '+966501234567' });
  });

  it('refuses empty and impossible numbers with a clear message', () => {
    expect(normalizePhone('', 'EG')).toEqual({ ok: false, error: 'Phone is required' });
    expect(normalizePhone('12', 'EG')).toEqual({ ok: false, error: '"12" is not a valid phone number' });
    expect(normalizePhone('hello', 'EG').ok).toBe(false);
  });
});

describe('WhatsApp ids', () => {
  it('maps phone ids both ways and ignores linked ids', () => {
    expect(phoneFromWhatsAppId('201001234567@c.us')).toBe('+201001234567');
    expect(whatsAppIdFromPhone('+201001234567')).toBe('201001234567@c.us');
    expect(phoneFromWhatsAppId('123456789012345@lid')).toBeUndefined();
  });
});

describe('phone search', () => {
  it('drops the trunk zero and non-digits', () => {
    expect(phoneSearchDigits('0100 123')).toBe('100123');
    expect(phoneSearchDigits('+20100')).toBe('20100');
    expect(phoneSearchDigits('ab')).toBeUndefined();
    expect(phoneSearchDigits('(010) 0-123')).toBe('100123');
    expect(phoneSearchDigits('٠١٠٠١٢')).toBe('10012');
  });

  it('is no phone search when the query has letters in it', () => {
    expect(phoneSearchDigits('Lead 1a2b3')).toBeUndefined();
    expect(phoneSearchDigits('Order 12345')).toBeUndefined();
    expect(toLatinDigits('٠١٢')).toBe('012');
  });
});
