import { randomBytes } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes drawn from the CSPRNG a block at a time, each byte handed out once: one call to the system's source
 * per 85 ids instead of one per id (a sync call and an allocation on every create, seen in write profiles).
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

function freshBytes(count: number): Buffer {
  if (taken + count > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  const bytes = pool.subarray(taken, taken + count);
  taken += count;
  return bytes;
}

/** A new documentId in Strapi's form: 24 lowercase alphanumerics, the first a letter, from a CSPRNG. */
export function newDocumentId(): string {
  const bytes = freshBytes(48);
  let id = '';
  // Rejection sampling keeps every character uniformly likely.
  for (let i = 0; i < bytes.length && id.length < 24; i++) {
    const alphabet = id.length === 0 ? LETTERS : ALPHABET;
    const limit = 256 - (256 % alphabet.length);
    if (bytes[i] < limit) id += alphabet[bytes[i] % alphabet.length];
  }
  return id.length === 24 ? id : newDocumentId();
}

/**
 * The id space in sort order, as JavaScript compares strings: the first character a letter (26), then 23 of the alphabet
 * (36). The alphabet's sort order is base 36's digit order (`0`–`9`, then `a`–`z`), so an id is a number whose first
 * digit is a letter's place and whose other 23 are base 36: read in three slices that each fit a double, and written
 * back with BigInt's own base-36 text (a fiftieth of the big-number steps a digit at a time took, seen in create profiles).
 */
const DIGITS_AFTER_FIRST = 23;
const THREE_DIGITS = 36n ** 3n;
const TEN_DIGITS = 36n ** 10n;
const AFTER_FIRST = 36n ** BigInt(DIGITS_AFTER_FIRST);
const TOP = 26n * AFTER_FIRST;

/** An id as its place in the id space. */
export function idToNumber(id: string): bigint {
  const first = BigInt(id.charCodeAt(0) - 97);
  const high = BigInt(parseInt(id.slice(1, 4), 36));
  const middle = BigInt(parseInt(id.slice(4, 14), 36));
  const low = BigInt(parseInt(id.slice(14, 24), 36));
  return ((first * THREE_DIGITS + high) * TEN_DIGITS + middle) * TEN_DIGITS + low;
}

/** A place in the id space (below TOP) as its id. */
export function numberToId(value: bigint): string {
  return LETTERS[Number(value / AFTER_FIRST)] + (value % AFTER_FIRST).toString(36).padStart(DIGITS_AFTER_FIRST, '0');
}

/** A uniformly random bigint in [0, below), from the CSPRNG (rejection sampling over the fewest bits: none rejected for 2^n). */
function randomBelow(below: bigint, bits = (below - 1n).toString(2).length): bigint {
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    const value = BigInt(`0x${freshBytes(Math.ceil(bits / 8)).toString('hex')}`) & mask;
    if (value < below) return value;
  }
}

/** How far past the one before a same-millisecond id is drawn: 80 random bits, and room for 10^13 ids in a row. */
const STEP_BITS = 80;
const STEP = 1n << BigInt(STEP_BITS);

/** A random documentId after `previous` by BigInt arithmetic: every case, the top of the id space included. */
function idAfterAnywhere(previous: string): string {
  const start = idToNumber(previous) + 1n;
  const room = TOP - start;
  if (room <= 0n) return newDocumentId();
  return numberToId(start + (room < STEP ? randomBelow(room) : randomBelow(STEP, STEP_BITS)));
}

/** Random base-36 digits added past the one before (36^16, 82.7 bits: at least STEP_BITS). */
const STEP_DIGITS = 16;
const digitOf = (code: number) => (code <= 57 ? code - 48 : code - 87);
const digitChar = (digit: number) => String.fromCharCode(digit < 10 ? digit + 48 : digit + 87);

/**
 * A random documentId sorting after `previous` (one of ours; exported for tests), or a fresh one when none can: one plus
 * `STEP_DIGITS` random base-36 digits added digit by digit, with the carry (the BigInt steps showed as 7–12 µs of a
 * create in profiles of the creates row). A sum past the last id falls back to idAfterAnywhere, which draws within the
 * room left, or a fresh id past the very last.
 */
export function idAfter(previous: string): string {
  const digits = new Array<number>(24);
  for (let at = 1; at < 24; at++) digits[at] = digitOf(previous.charCodeAt(at));
  digits[0] = previous.charCodeAt(0) - 97;
  let carry = 1;
  const bytes = freshBytes(STEP_DIGITS);
  let drawn = 0;
  for (let at = 23; at >= 0; at--) {
    let add = carry;
    if (at >= 24 - STEP_DIGITS) {
      // Rejection sampling: a byte under 252 is a uniform digit; the few rejected ones are replaced from the pool.
      let byte = bytes[drawn++]!;
      while (byte >= 252) byte = freshBytes(1)[0]!;
      add += byte % 36;
    }
    const base = at === 0 ? 26 : 36;
    const sum = digits[at]! + add;
    digits[at] = sum % base;
    carry = sum >= base ? 1 : 0;
  }
  if (carry) return idAfterAnywhere(previous);
  let id = LETTERS[digits[0]!]!;
  for (let at = 1; at < 24; at++) id += digitChar(digits[at]!);
  return id;
}

let lastCreate = { ms: Number.NaN, documentId: '' };

/**
 * A new document's documentId and creation time. Lists default to creation order, `createdAt` then `documentId`
 * (row-order.ts), and Strapi's to its autoincrement id: two creates of this process in one millisecond would fall in
 * their random ids' order, so the later one's id is drawn, still at random, from the ids after the earlier one's.
 *
 * @example
 * const { documentId, createdAt } = creationStamp(); // createdAt: '2026-11-30T10:21:07.412Z'
 */
export function creationStamp(now = Date.now()): { documentId: string; createdAt: string } {
  const documentId = now === lastCreate.ms ? idAfter(lastCreate.documentId) : newDocumentId();
  lastCreate = { ms: now, documentId };
  return { documentId, createdAt: new Date(now).toISOString() };
}
