/** Builds the WebM/Opus file a browser's MediaRecorder writes, for voice-note tests. */
// ---- a tiny EBML writer, to build the WebM a browser's MediaRecorder would produce ----
export const vint = (n: number) => {
  for (let len = 1; len <= 8; len++)
    if (n < 2 ** (7 * len) - 1) {
      const out = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      out[0] |= 0x80 >> (len - 1);
      return out;
    }
  throw new Error('too big');
};
const idBytes = (id: number) => Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
export const el = (id: number, ...children: Buffer[]) => {
  const data = Buffer.concat(children);
  return Buffer.concat([idBytes(id), vint(data.length), data]);
};
const unknownSize = (id: number, ...children: Buffer[]) => Buffer.concat([idBytes(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...children]);
export const uint = (n: number) => Buffer.from([n]);

export function opusHead(channels = 1) {
  const h = Buffer.alloc(19);
  h.write('OpusHead', 0, 'ascii');
  h[8] = 1;
  h[9] = channels;
  h.writeUInt16LE(3840, 10);
  h.writeUInt32LE(48_000, 12);
  return h;
}

/** Opus packets: TOC 0xF8 = CELT fullband 20 ms, one frame (960 samples), then payload bytes. */
export const packets = Array.from({ length: 120 }, (_, i) => Buffer.concat([Buffer.from([0xf8]), Buffer.alloc(20 + (i % 7) * 60, i)]));

export function recorderWebm() {
  const header = el(0x1a45dfa3, el(0x4282, Buffer.from('webm')));
  const tracks = el(0x1654ae6b, el(0xae, el(0xd7, uint(1)), el(0x83, uint(2)), el(0x86, Buffer.from('A_OPUS')), el(0x63a2, opusHead())));
  const blocks = packets.map((p, i) => el(0xa3, Buffer.concat([vint(1), Buffer.from([0, i % 50]), Buffer.from([0x80]), p])));
  const cluster = unknownSize(0x1f43b675, el(0xe7, uint(0)), ...blocks);
  return Buffer.concat([header, unknownSize(0x18538067, el(0x1549a966, el(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40]))), tracks, cluster)]);
}
