import { describe, expect, it } from 'vitest';
import { mediaMessageType } from './media-message-type.js';

describe('mediaMessageType', () => {
  it('images, videos and audio by their family', () => {
    expect(mediaMessageType('image/jpeg')).toBe('image');
    expect(mediaMessageType('image/webp')).toBe('image');
    expect(mediaMessageType('video/mp4')).toBe('video');
    expect(mediaMessageType('video/webm')).toBe('video');
    expect(mediaMessageType('audio/ogg')).toBe('audio');
    expect(mediaMessageType('audio/mpeg')).toBe('audio');
  });

  it("a WebM recorded by the app's voice recorder is a voice note, with or without its codec and the voice flag", () => {
    expect(mediaMessageType('audio/webm')).toBe('voice');
    expect(mediaMessageType('audio/webm;codecs=opus')).toBe('voice');
    expect(mediaMessageType('Audio/WebM')).toBe('voice');
    expect(mediaMessageType('audio/webm', { voice: false })).toBe('voice');
  });

  it('other audio is a voice note only when marked as one (WhatsApp\'s "ptt")', () => {
    expect(mediaMessageType('audio/ogg', { voice: true })).toBe('voice');
    expect(mediaMessageType('audio/ogg; codecs=opus', { voice: true })).toBe('voice');
    expect(mediaMessageType('image/png', { voice: true })).toBe('image');
  });

  it('anything else is a document', () => {
    expect(mediaMessageType('application/pdf')).toBe('document');
    expect(mediaMessageType('text/csv')).toBe('document');
    expect(mediaMessageType('')).toBe('document');
  });
});
