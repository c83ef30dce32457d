import { describe, expect, it } from 'vitest';
import { convertWebmToOggOpus, oggCrc, opusPacketSamples, VoiceConversionError } from './webm-to-ogg.js';
import { MediaInspector } from '../../../platform/files/media-inspector.js';

import { el, packets, recorderWebm, uint } from '../../../../test/webm.js';

function readOgg(ogg: Buffer) {
  const pages: { flags: number; granule: bigint; sequence: number; packets: Buffer[]; crcOk: boolean }[] = [];
  let pos = 0;
  let carry: Buffer[] = [];
  while (pos < ogg.length) {
    expect(ogg.subarray(pos, pos + 4).toString('ascii')).toBe('OggS');
    const count = ogg[pos + 26];
    const lacing = [...ogg.subarray(pos + 27, pos + 27 + count)];
    const size = lacing.reduce((a, b) => a + b, 0);
    const pageBuf = Buffer.from(ogg.subarray(pos, pos + 27 + count + size));
    const crc = pageBuf.readUInt32LE(22);
    pageBuf.writeUInt32LE(0, 22);
    let at = pos + 27 + count;
    const done: Buffer[] = [];
    for (const l of lacing) {
      carry.push(ogg.subarray(at, at + l));
      at += l;
      if (l < 255) {
        done.push(Buffer.concat(carry));
        carry = [];
      }
    }
    pages.push({ flags: ogg[pos + 5], granule: ogg.readBigInt64LE(pos + 6), sequence: ogg.readUInt32LE(pos + 18), packets: done, crcOk: oggCrc(pageBuf) === crc });
    pos = at;
  }
  return pages;
}

describe('voice notes: WebM/Opus → OGG/Opus', () => {
  it('copies every Opus packet into a valid Ogg stream with OpusHead, OpusTags, granules and EOS', () => {
    const ogg = convertWebmToOggOpus(recorderWebm());
    const pages = readOgg(ogg);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    expect(pages[0].flags).toBe(0x02);
    expect(pages[0].packets[0].subarray(0, 8).toString()).toBe('OpusHead');
    expect(pages[0].packets[0].readUInt16LE(10)).toBe(3840);
    expect(pages[1].packets[0].subarray(0, 8).toString()).toBe('OpusTags');
    const audio = pages.slice(2).flatMap((p) => p.packets);
    expect(audio).toEqual(packets);
    expect(pages.at(-1)!.flags).toBe(0x04);
    expect(pages.at(-1)!.granule).toBe(BigInt(120 * 960));
  });

  it('is recognised as OGG audio by content', async () => {
    const inspected = await new MediaInspector().inspect(convertWebmToOggOpus(recorderWebm()));
    expect(inspected?.mime).toMatch(/^audio\/(ogg|opus)$/);
  });

  it('the recorder WebM itself is recognised as a voice recording (audio/webm)', async () => {
    expect(await new MediaInspector().inspect(recorderWebm(), 'voice.webm')).toMatchObject({ mime: 'audio/webm', kind: 'audio' });
  });

  it('refuses what is not a WebM with Opus', () => {
    expect(() => convertWebmToOggOpus(Buffer.from('hello world'))).toThrow(VoiceConversionError);
    const noOpus = Buffer.concat([el(0x1a45dfa3, el(0x4282, Buffer.from('webm'))), el(0x18538067, el(0x1654ae6b, el(0xae, el(0xd7, uint(1)), el(0x86, Buffer.from('A_VORBIS')))))]);
    expect(() => convertWebmToOggOpus(noOpus)).toThrow('no Opus audio track');
  });

  it('reads packet durations from the TOC byte', () => {
    expect(opusPacketSamples(Buffer.from([0xf8]))).toBe(960); // CELT 20 ms
    expect(opusPacketSamples(Buffer.from([0x08]))).toBe(960); // SILK NB 20 ms
    expect(opusPacketSamples(Buffer.from([0xf9]))).toBe(1920); // two frames
    expect(opusPacketSamples(Buffer.from([0xfb, 0x03]))).toBe(2880); // code 3, three frames
    expect(opusPacketSamples(Buffer.from([0xe0]))).toBe(120); // CELT 2.5 ms
  });
});
