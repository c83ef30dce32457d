import { encode } from 'notepack.io';
import { describe, expect, it } from 'vitest';
import { BroadcastCodec } from './broadcast-codec.js';

const packet = { type: 2, data: ['msg:new', { _id: 'm1', body: 'مرحبا' }], nsp: '/' };
const opts = { rooms: ['admins:t1', 'user:u1'], except: [], flags: {} };

describe('BroadcastCodec', () => {
  it("reads another instance's broadcast whole", () => {
    const codec = new BroadcastCodec();
    codec.setOwnUid('AbC-_9');
    expect(codec.decode(encode(['xyz123', packet, opts]) as Buffer)).toEqual(['xyz123', packet, opts]);
  });

  it("reads its own broadcast only as far as the sender's uid, which the adapter then drops", () => {
    const codec = new BroadcastCodec();
    codec.setOwnUid('AbC-_9');
    expect(codec.decode(codec.encode(['AbC-_9', packet, opts]) as Buffer)).toEqual(['AbC-_9']);
  });

  it('reads requests and responses (not broadcasts) whole, even when they hold its uid', () => {
    const codec = new BroadcastCodec();
    codec.setOwnUid('AbC-_9');
    const request = { uid: 'AbC-_9', requestId: 'r1', type: 7, packet, opts };
    expect(codec.decode(codec.encode(request) as Buffer)).toEqual(request);
  });

  it('reads everything whole before it knows its uid', () => {
    expect(new BroadcastCodec().decode(encode(['AbC-_9', packet, opts]) as Buffer)).toEqual(['AbC-_9', packet, opts]);
  });
});
