/**
 * Remuxes a WebM/Opus voice note (what MediaRecorder writes in Chromium and Firefox) into an
 * OGG/Opus file (RFC 7845), which is how WhatsApp carries and plays voice notes. Only the
 * container changes: the Opus packets are copied as they are, so there is no re-encoding, no
 * native dependency and no system binary. No maintained package on the npm registry does this
 * (ffmpeg builds in WASM weigh megabytes), and the two formats are small enough to do it here.
 */

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  Cluster: 0x1f43b675,
  BlockGroup: 0xa0,
  Block: 0xa1,
  SimpleBlock: 0xa3,
} as const;

/** Master elements whose children we need; every other element is skipped by its size. */
const DESCEND = new Set<number>([ID.Segment, ID.Tracks, ID.TrackEntry, ID.Cluster, ID.BlockGroup]);

type Track = { number?: number; type?: number; codec?: string; codecPrivate?: Buffer };

export class VoiceConversionError extends Error {}

export function convertWebmToOggOpus(webm: Buffer): Buffer {
  const { head, packets } = readWebmOpus(webm);
  return writeOggOpus(head, packets);
}

/** The OpusHead header and the Opus packets of the first Opus audio track of a WebM file. */
export function readWebmOpus(buf: Buffer): { head: Buffer; packets: Buffer[] } {
  if (buf.length < 4 || buf.readUInt32BE(0) !== ID.EBML) throw new VoiceConversionError('not a WebM file');
  const tracks: Track[] = [];
  const blocks: { track: number; data: Buffer }[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const id = readId(buf, pos);
    if (!id) break;
    const size = readSize(buf, pos + id.length);
    if (!size) break;
    const start = pos + id.length + size.length;
    if (DESCEND.has(id.value)) {
      if (id.value === ID.TrackEntry) tracks.push({});
      pos = start;
      continue;
    }
    if (size.value < 0) throw new VoiceConversionError('element of unknown size');
    const end = start + size.value;
    if (end > buf.length) break; // a recording cut short: keep what is complete
    const data = buf.subarray(start, end);
    const track = tracks.at(-1);
    switch (id.value) {
      case ID.TrackNumber:
        if (track) track.number = readUint(data);
        break;
      case ID.TrackType:
        if (track) track.type = readUint(data);
        break;
      case ID.CodecID:
        if (track) track.codec = data.toString('ascii').replace(/\0+$/, '');
        break;
      case ID.CodecPrivate:
        if (track) track.codecPrivate = Buffer.from(data);
        break;
      case ID.SimpleBlock:
      case ID.Block: {
        const num = readSize(data, 0);
        if (!num || data.length < num.length + 3) break;
        const flags = data[num.length + 2];
        if ((flags & 0x06) !== 0) throw new VoiceConversionError('laced blocks are not supported');
        blocks.push({ track: num.value, data: Buffer.from(data.subarray(num.length + 3)) });
        break;
      }
    }
    pos = end;
  }
  const opus = tracks.find((t) => t.codec === 'A_OPUS');
  if (!opus || opus.number === undefined) throw new VoiceConversionError('no Opus audio track');
  const packets = blocks.filter((b) => b.track === opus.number && b.data.length > 0).map((b) => b.data);
  if (!packets.length) throw new VoiceConversionError('the recording is empty');
  const head = opus.codecPrivate && opus.codecPrivate.subarray(0, 8).toString('ascii') === 'OpusHead' ? opus.codecPrivate : defaultOpusHead(1);
  return { head, packets };
}

function defaultOpusHead(channels: number): Buffer {
  const h = Buffer.alloc(19);
  h.write('OpusHead', 0, 'ascii');
  h[8] = 1;
  h[9] = channels;
  h.writeUInt16LE(312, 10); // pre-skip
  h.writeUInt32LE(48_000, 12);
  h.writeInt16LE(0, 16);
  h[18] = 0;
  return h;
}

function readId(buf: Buffer, pos: number): { value: number; length: number } | undefined {
  const first = buf[pos];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (length > 4 || pos + length > buf.length) return undefined;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + buf[pos + i];
  return { value, length };
}

/** An EBML variable-size integer; `value` is -1 for "unknown size" (all value bits set). */
function readSize(buf: Buffer, pos: number): { value: number; length: number } | undefined {
  const first = buf[pos];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || pos + length > buf.length) return undefined;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[pos + i];
    if (buf[pos + i] !== 0xff) allOnes = false;
  }
  return { value: allOnes ? -1 : value, length };
}

function readUint(data: Buffer): number {
  let v = 0;
  for (const b of data) v = v * 256 + b;
  return v;
}

/** Samples (at 48 kHz) in one Opus packet, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Buffer): number {
  const toc = packet[0];
  const config = toc >> 3;
  let frame: number;
  if (config < 12) frame = [480, 960, 1920, 2880][config % 4];
  else if (config < 16) frame = [480, 960][config % 2];
  else frame = [120, 240, 480, 960][config % 4];
  const code = toc & 0x03;
  const frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  return frame * frames;
}

// ---- Ogg (RFC 3533) ----

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

export function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  return crc >>> 0;
}

function page(packets: Buffer[], granule: bigint, serial: number, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'ascii');
  header[4] = 0;
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt32LE(0, 22);
  header[26] = lacing.length;
  lacing.forEach((v, i) => (header[27 + i] = v));
  const out = Buffer.concat([header, ...packets]);
  out.writeUInt32LE(oggCrc(out), 22);
  return out;
}

const segmentsOf = (p: Buffer) => Math.floor(p.length / 255) + 1;

export function writeOggOpus(head: Buffer, packets: Buffer[], serial = 0x43524d31): Buffer {
  const tags = Buffer.alloc(8 + 4 + 3 + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(3, 8);
  tags.write('crm', 12, 'ascii');
  tags.writeUInt32LE(0, 15);
  const pages = [page([head], 0n, serial, 0, 0x02), page([tags], 0n, serial, 1, 0)];
  let sequence = 2;
  let granule = 0n;
  let current: Buffer[] = [];
  let segments = 0;
  let bytes = 0;
  const flush = (last: boolean) => {
    pages.push(page(current, granule, serial, sequence++, last ? 0x04 : 0));
    current = [];
    segments = 0;
    bytes = 0;
  };
  packets.forEach((p, i) => {
    if (current.length && (segments + segmentsOf(p) > 255 || bytes + p.length > 8_000)) flush(false);
    current.push(p);
    segments += segmentsOf(p);
    bytes += p.length;
    granule += BigInt(opusPacketSamples(p));
    if (i === packets.length - 1) flush(true);
  });
  return Buffer.concat(pages);
}
