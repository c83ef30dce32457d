import { describe, expect, it } from 'vitest';
import { checkMediaSize, cloudMediaTypeOf } from './cloud-media-message.js';

const file = (mime: string, size = 1000, extra: { asVoice?: boolean; asDocument?: boolean } = {}) => ({ kind: 'media' as const, data: Buffer.alloc(size), mime, ...extra });

describe('which Cloud API type a file goes as, and its size limit', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['image/png', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['audio/ogg; codecs=opus', 'audio'],
    ['application/pdf', 'document'],
    // kinds WhatsApp does not play as such still reach the contact, as a file
    ['image/gif', 'document'],
    ['video/webm', 'document'],
    ['audio/webm', 'document'],
  ])('%s → %s', (mime, type) => {
    expect(cloudMediaTypeOf(file(mime))).toBe(type);
  });

  it('a voice note is audio, a file sent as a document is a document, a small WebP a sticker and a big one a document', () => {
    expect(cloudMediaTypeOf(file('audio/ogg', 1000, { asVoice: true }))).toBe('audio');
    expect(cloudMediaTypeOf(file('image/png', 1000, { asDocument: true }))).toBe('document');
    expect(cloudMediaTypeOf(file('image/webp', 400 * 1024))).toBe('sticker');
    expect(cloudMediaTypeOf(file('image/webp', 600 * 1024))).toBe('document');
  });

  it("refuses what is over Meta's limit of its type, as media_too_large and not retryable", () => {
    const MB = 1024 * 1024;
    expect(() => checkMediaSize('image', 5 * MB)).not.toThrow();
    expect(() => checkMediaSize('image', 5 * MB + 1)).toThrow(expect.objectContaining({ code: 'media_too_large', retryable: false }));
    expect(() => checkMediaSize('video', 16 * MB + 1)).toThrow(/too large for WhatsApp/);
    expect(() => checkMediaSize('audio', 16 * MB)).not.toThrow();
    expect(() => checkMediaSize('document', 100 * MB + 1)).toThrow(expect.objectContaining({ code: 'media_too_large' }));
    expect(() => checkMediaSize('sticker', 500 * 1024 + 1)).toThrow(expect.objectContaining({ code: 'media_too_large' }));
  });
});
