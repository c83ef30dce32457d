import { decode, encode } from 'notepack.io';

/** What the Redis adapter asks of a parser (`RedisAdapterOptions.parser`). */
type Parser = { encode(value: unknown): unknown; decode(message: Buffer): unknown };

// A broadcast on the wire is msgpack's [uid, packet, opts]: a 3-element array, then the sender's uid.
const ARRAY_OF_THREE = 0x93;

/**
 * The Redis adapter's parser, for one adapter: msgpack as before, except that the adapter's own
 * broadcasts, which Redis hands back to it like everyone else's, are recognised by their first
 * bytes and not decoded. The adapter decodes a message before it looks at who sent it, so every
 * event an instance emitted cost it a full decode to be thrown away: with two instances, half of the
 * adapter's decoding (~4 % of an instance's busy CPU at 2,500 msg/s, INSTANCES=2 npm run
 * bench:messages). Every instance of a deployment still speaks the adapter's msgpack.
 */
export class BroadcastCodec implements Parser {
  private own: Buffer | undefined;

  /** The adapter's uid, known once the adapter exists (it makes the uid itself). */
  setOwnUid(uid: string) {
    this.own = Buffer.concat([Buffer.from([ARRAY_OF_THREE]), encode(uid) as Buffer]);
  }

  encode(value: unknown): unknown {
    return encode(value);
  }

  decode(message: Buffer): unknown {
    const own = this.own;
    // [uid] alone is enough: the adapter drops a message whose uid is its own before reading the rest
    if (own && message.length > own.length && message.subarray(0, own.length).equals(own)) return [own.toString('latin1', 2)];
    return decode(message);
  }
}
