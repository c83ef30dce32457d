import { describe, expect, it } from 'vitest';
import { isDynamicUrlButton, isMediaHeader, templateMessageSchema } from './whatsapp-templates.schema.js';

describe('template components', () => {
  it('a URL button takes a suffix only when its link ends in {{1}}', () => {
    expect(isDynamicUrlButton({ type: 'URL', url: 'https://shop.example/c/{{1}}' })).toBe(true);
    expect(isDynamicUrlButton({ type: 'URL', url: 'https://shop.example/sale' })).toBe(false);
    expect(isDynamicUrlButton({ type: 'QUICK_REPLY', url: null })).toBe(false);
  });
  it('image, video and document headers take a media; text and location ones do not', () => {
    expect(['IMAGE', 'VIDEO', 'DOCUMENT', 'image'].map((format) => isMediaHeader({ format }))).toEqual([true, true, true, true]);
    expect(isMediaHeader({ format: 'TEXT' })).toBe(false);
    expect(isMediaHeader({ format: 'LOCATION' })).toBe(false);
    expect(isMediaHeader(null)).toBe(false);
  });
  it('a media header link must be a URL; a text header is at most 60 characters', () => {
    const base = { name: 'promo', language: 'en_US' };
    expect(templateMessageSchema.safeParse({ ...base, header: { link: 'summer.jpg' } }).success).toBe(false);
    expect(templateMessageSchema.safeParse({ ...base, header: { link: 'https://cdn.example/summer.jpg' } }).success).toBe(true);
    expect(templateMessageSchema.safeParse({ ...base, header: { text: 'x'.repeat(61) } }).success).toBe(false);
  });
});
