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

/** The id space in sort order: the first character a letter, then 23 of the alphabet, as JavaScript compares strings. */
const FIRST = [...LETTERS].sort().join('');
const REST = [...ALPHABET].sort().join('');
const TOP = 26n * 36n ** 23n;

const toNumber = (id: string): bigint =>
  [...id.slice(1)].reduce((value, char) => value * 36n + BigInt(REST.indexOf(char)), BigInt(FIRST.indexOf(id[0])));

function toId(value: bigint): string {
  let id = '';
  for (let i = 0; i < 23; i++, value /= 36n) id = REST[Number(value % 36n)] + id;
  return FIRST[Number(value)] + id;
}

/** A uniformly random bigint in [0, below), from the CSPRNG (rejection sampling over the fewest bits: none rejected for 2^n). */
function randomBelow(below: bigint): bigint {
  const bits = (below - 1n).toString(2).length;
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    const value = BigInt(`0x${freshBytes(Math.ceil(bits / 8)).toString('hex')}`) & mask;
    if (value < below) return value;
  }
}

/** How far past the one before a same-millisecond id is drawn: 80 random bits, and room for 10^13 ids in a row. */
const STEP = 1n << 80n;

/** A random documentId sorting after `previous` (one of ours), or a fresh one when none can. */
function idAfter(previous: string): string {
  const start = toNumber(previous) + 1n;
  const room = TOP - start;
  return room > 0n ? toId(start + randomBelow(room < STEP ? room : STEP)) : newDocumentId();
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
