import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.js';
import { echoInput, hasUnstorableCharacters, storableText, withoutUnstorableCharacters } from './text.js';

describe('text PostgreSQL can store', () => {
  it('tells NUL and lone surrogates from ordinary text and whole emoji', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacters('half \ud83d')).toBe(true);
    expect(hasUnstorableCharacters('\udc00 low half first')).toBe(true);
    expect(hasUnstorableCharacters('مرحبا 🙏🏽 👨‍👩‍👧 \t\n')).toBe(false);
  });

  it('keeps a message readable: NUL dropped, a lone surrogate shown as �, whole emoji untouched', () => {
    expect(storableText('I want\u0000 the red one')).toBe('I want the red one');
    expect(storableText('ok \ud83d then 🙏 and \udc00')).toBe('ok \ufffd then 🙏 and \ufffd');
  });

  it('drops both for searches', () => {
    expect(withoutUnstorableCharacters('Mo\u0000na\ud800')).toBe('Mona');
  });
});

describe('echoing input in an error message', () => {
  it('quotes short input whole and cuts long input after 60 characters, never inside an emoji', () => {
    expect(echoInput('12')).toBe('"12"');
    expect(echoInput('x'.repeat(10_000))).toBe(`"${'x'.repeat(60)}…"`);
    expect(echoInput('🙏'.repeat(100))).toBe(`"${'🙏'.repeat(60)}…"`);
  });

  it('a 10,000-character phone number does not come back in full', () => {
    const result = normalizePhone('9'.repeat(10_000), 'EG');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.length).toBeLessThan(100);
    expect(!result.ok && result.error).toBe(`"${'9'.repeat(60)}…" is not a valid phone number`);
  });
});
