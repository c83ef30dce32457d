import { describe, expect, it } from 'vitest';
import { isTrackingUrl, trackingLink } from './tracking-link.js';

describe('trackingLink', () => {
  it('puts the URL-encoded tracking number where the URL holds {tracking}', () => {
    expect(trackingLink('https://track.example.com/p/{tracking}', 'EG123')).toBe('https://track.example.com/p/EG123');
    expect(trackingLink('https://track.example.com/?id={tracking}&lang=ar', ' AB 12/3&x ')).toBe('https://track.example.com/?id=AB%2012%2F3%26x&lang=ar');
    expect(trackingLink('http://t.example.com/{tracking}/{tracking}', '7')).toBe('http://t.example.com/7/7');
  });

  it('gives no link without the placeholder', () => {
    expect(trackingLink('https://track.example.com/', 'EG123')).toBeNull();
    expect(trackingLink(null, 'EG123')).toBeNull();
    expect(trackingLink('', 'EG123')).toBeNull();
  });

  it('gives no link without a tracking number', () => {
    expect(trackingLink('https://track.example.com/{tracking}', '')).toBeNull();
    expect(trackingLink('https://track.example.com/{tracking}', '   ')).toBeNull();
    expect(trackingLink('https://track.example.com/{tracking}', null)).toBeNull();
  });

  it('gives only http and https links', () => {
    expect(trackingLink('javascript:alert({tracking})', 'EG123')).toBeNull();
    expect(trackingLink('file:///etc/{tracking}', 'EG123')).toBeNull();
    expect(trackingLink('ftp://track.example.com/{tracking}', 'EG123')).toBeNull();
    expect(trackingLink('track.example.com/{tracking}', 'EG123')).toBeNull();
  });
});

describe('isTrackingUrl', () => {
  it('accepts http and https addresses, with or without {tracking}', () => {
    for (const url of ['https://bosta.co/track/{tracking}', 'http://t.example.com/?id={tracking}&x=1', 'https://aramex.com/', ' HTTPS://Track.Example.com/{tracking} ']) {
      expect(isTrackingUrl(url), url).toBe(true);
    }
  });

  it('refuses every other scheme and what is no address', () => {
    for (const url of [
      'javascript:alert(1)//{tracking}',
      'JavaScript:alert(document.cookie)',
      ' javascript:void(0)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/{tracking}',
      'ftp://t.example.com/{tracking}',
      'track.example.com/{tracking}',
      '//track.example.com/{tracking}',
      'https://',
      '{tracking}',
      'not a url',
    ]) {
      expect(isTrackingUrl(url), url).toBe(false);
    }
  });
});
