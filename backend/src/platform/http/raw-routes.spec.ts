import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBody } from './raw-routes.js';

/** A request whose body the test writes chunk by chunk. */
function requestWith(headers: Record<string, string> = {}) {
  const stream = new PassThrough();
  return Object.assign(stream, { headers }) as unknown as IncomingMessage & PassThrough;
}

describe('readBody', () => {
  it('gives the exact bytes of a body within the cap', async () => {
    const req = requestWith();
    const read = readBody(req, 10);
    req.write(Buffer.from('hello '));
    req.end(Buffer.from('you'));
    expect((await read).toString()).toBe('hello you');
  });

  it('refuses a body whose Content-Length is over the cap without reading a byte of it', async () => {
    const req = requestWith({ 'content-length': '11' });
    await expect(readBody(req, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(req.listenerCount('data')).toBe(0);
  });

  it('refuses a chunked body as soon as it passes the cap, leaving the rest unread', async () => {
    const req = requestWith({ 'transfer-encoding': 'chunked' });
    const read = readBody(req, 10);
    req.write(Buffer.alloc(6));
    req.write(Buffer.alloc(6));
    await expect(read).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(req.listenerCount('data')).toBe(0);
    req.write(Buffer.alloc(6));
  });

  it('fails when the client goes away before the end', async () => {
    const req = requestWith();
    const read = readBody(req, 10);
    req.write(Buffer.alloc(3));
    req.destroy();
    await expect(read).rejects.toThrow('aborted');
  });
});
