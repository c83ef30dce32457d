import { getRandomValues } from 'node:crypto';
import { v7 } from 'uuid';

/*
 * uuid's own v7() asks the system for 16 random bytes per id: a crypto call per id, 2.6 % of the
 * main thread at 5,000 inbound messages a second (CPU profile of bench:messages). Here the bytes
 * come from a pool refilled 256 ids at a time, and the time-ordering uuid keeps for its own calls
 * (RFC 9562's method 1: a counter seeded at random each millisecond, counting up within it) is
 * kept here, since v7() with given bytes leaves ordering to its caller. uuid still lays out and
 * writes the id.
 */
const IDS_PER_POOL = 256;
const pool = new Uint8Array(16 * IDS_PER_POOL);
let used = IDS_PER_POOL;
let lastMs = -Infinity;
let sequence = 0;

/** A UUID v7: time-ordered, and from one process strictly increasing, also within a millisecond. */
export function newId(): string {
  if (used === IDS_PER_POOL) {
    getRandomValues(pool);
    used = 0;
  }
  const random = pool.subarray(used * 16, ++used * 16);
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    // 31 random bits: room to count up within the millisecond
    sequence = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
  } else {
    sequence = (sequence + 1) | 0;
    // the counter ran over: borrow the next millisecond, as uuid does
    if (sequence === 0) lastMs++;
  }
  return v7({ random, msecs: lastMs, seq: sequence });
}
