import { describe, expect, it } from 'vitest';
import type { InboundWhatsAppMessage } from '../whatsapp/whatsapp-driver.js';
import { InboundQueue } from './inbound-queue.js';

const msg = (id: string, from: string, extra: Partial<InboundWhatsAppMessage> = {}) => ({
  message: { id, from, body: id, type: 'text', timestamp: new Date(), ...extra } as InboundWhatsAppMessage,
});
const ids = (batch: { items: { message: { id: string } }[] } | undefined) => batch?.items.map((i) => i.message.id);

describe('inbound queue (batches written side by side)', () => {
  it('never puts one sender in two batches in flight, and keeps each sender in order', () => {
    const q = new InboundQueue<ReturnType<typeof msg>>(10, 3);
    q.push(msg('a1', '201001000001@c.us'));
    q.push(msg('b1', '201001000002@c.us'));
    const first = q.take();
    expect(ids(first)).toEqual(['a1', 'b1']);
    q.push(msg('a2', '201001000001@c.us'));
    q.push(msg('c1', '201001000003@c.us'));
    q.push(msg('a3', '201001000001@c.us'));
    // a is still being written: its later messages wait, c goes ahead
    const second = q.take();
    expect(ids(second)).toEqual(['c1']);
    expect(q.take()).toBeUndefined();
    q.done(first!);
    expect(ids(q.take())).toEqual(['a2', 'a3']);
    q.done(second!);
  });

  it('writes a message known only by its linked id with nothing else in flight, and nothing overtakes it', () => {
    const q = new InboundQueue<ReturnType<typeof msg>>(10, 3);
    q.push(msg('a1', '201001000001@c.us'));
    const first = q.take();
    q.push(msg('l1', '123456789@lid'));
    q.push(msg('b1', '201001000002@c.us'));
    expect(q.take()).toBeUndefined();
    q.done(first!);
    const linked = q.take();
    expect(ids(linked)).toEqual(['l1']);
    expect(q.take()).toBeUndefined();
    q.done(linked!);
    expect(ids(q.take())).toEqual(['b1']);
    expect(q.take()).toBeUndefined(); // each message handed out once
  });

  it('caps the batches in flight and their size', () => {
    const q = new InboundQueue<ReturnType<typeof msg>>(2, 2);
    for (let i = 0; i < 7; i++) q.push(msg(`m${i}`, `20100100000${i}@c.us`));
    expect(ids(q.take())).toEqual(['m0', 'm1']);
    expect(ids(q.take())).toEqual(['m2', 'm3']);
    expect(q.take()).toBeUndefined();
    expect(q.idle).toBe(false);
  });
});
