// A seeded random source (mulberry32): the same seed gives the same requests on every machine.

/**
 * @example
 * const r = createRandom(7); r.int(10); r.pick(['a', 'b']); r.chance(0.2)
 */
export function createRandom(seed) {
  let state = (Number(seed) >>> 0) || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    int: (n) => Math.floor(next() * n),
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** Up to `max` distinct items, in list order. */
    some: (list, max = list.length) => {
      const chosen = new Set();
      const want = Math.min(list.length, 1 + Math.floor(next() * max));
      while (chosen.size < want) chosen.add(Math.floor(next() * list.length));
      return [...chosen].sort((a, b) => a - b).map((at) => list[at]);
    },
    /** A key of `weights` chosen in proportion to its weight. */
    weighted: (weights) => {
      const entries = Object.entries(weights);
      let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [key, weight] of entries) { roll -= weight; if (roll < 0) return key; }
      return entries.at(-1)[0];
    },
  };
  return r;
}
