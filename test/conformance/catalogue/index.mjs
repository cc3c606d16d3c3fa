// The catalogue's groups, in the order they run: the seed first, reads before the writes that change
// what reads would see, deletes last. Both servers see the same requests in the same order.
import seed from './00-seed.mjs';

export const GROUPS = [
  ['00-seed', seed],
];

/** Every case id is unique across the catalogue (they key recordings and choices.json). */
export function checkIds(groups = GROUPS) {
  const seen = new Set();
  for (const [, cases] of groups) {
    for (const kase of cases) {
      if (seen.has(kase.id)) throw new Error(`duplicate case id ${kase.id}`);
      seen.add(kase.id);
    }
  }
  return seen.size;
}
