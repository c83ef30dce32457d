import { describe, expect, it } from 'vitest';
import { dialLink, displayPhone, isPlaceholderPhone, whatsAppLink } from './contact-phone.js';

describe('contact phone placeholders', () => {
  it.each(['lid:203412345678901', 'user:EG.1234567890abcdef'])('%s is a placeholder: no number to show, dial or link', (phone) => {
    expect(isPlaceholderPhone(phone)).toBe(true);
    expect(displayPhone(phone)).toBeNull();
    expect(dialLink(phone)).toBeNull();
    expect(whatsAppLink(phone)).toBeNull();
  });

  it('a real number is shown as stored and linked by its digits', () => {
    expect(isPlaceholderPhone('+201001234567')).toBe(false);
    expect(displayPhone('+201001234567')).toBe('+201001234567');
    expect(dialLink('+201001234567')).toBe('tel:+201001234567');
    expect(whatsAppLink('+201001234567')).toBe('https://wa.me/201001234567');
  });

  it('no phone at all is nothing to show', () => {
    for (const phone of [null, undefined, '', '  ']) {
      expect(isPlaceholderPhone(phone)).toBe(false);
      expect(displayPhone(phone)).toBeNull();
      expect(whatsAppLink(phone)).toBeNull();
    }
  });

  it('only the prefix makes a placeholder: a number mentioning "user" elsewhere is kept', () => {
    expect(isPlaceholderPhone('+20100 user:1')).toBe(false);
  });
});
