/**
 * UUID version 7: time-ordered, so primary keys stay append-mostly in B-tree indexes and cursors can
 * page by id. Uses Web Crypto only, so it runs in Node and in the browser alike.
 */

// Random bytes are drawn from the CSPRNG a few kilobytes at a time (as Node's randomUUID does): one call
// per id cost as much as the rest of a scan's bookkeeping.
const POOL_BYTES = 4096;
const RANDOM_BYTES = 10;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function randomBytes(): number {
  if (used + RANDOM_BYTES > POOL_BYTES) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  used += RANDOM_BYTES;
  return used - RANDOM_BYTES;
}

export function uuidv7(now: number = Date.now()): string {
  const at = randomBytes();
  const random = (index: number) => pool[at + index] as number;
  // The 48-bit millisecond timestamp as 16 high and 32 low bits (Numbers hold 53 bits exactly).
  const high = Math.floor(now / 0x1_0000_0000) & 0xffff;
  const low = now >>> 0;
  const hex = (byte: number) => HEX[byte & 0xff] as string;
  return (
    hex(high >>> 8) +
    hex(high) +
    hex(low >>> 24) +
    hex(low >>> 16) +
    '-' +
    hex(low >>> 8) +
    hex(low) +
    '-' +
    hex((random(0) & 0x0f) | 0x70) +
    hex(random(1)) +
    '-' +
    hex((random(2) & 0x3f) | 0x80) +
    hex(random(3)) +
    '-' +
    hex(random(4)) +
    hex(random(5)) +
    hex(random(6)) +
    hex(random(7)) +
    hex(random(8)) +
    hex(random(9))
  );
}
