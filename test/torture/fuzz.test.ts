import { expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
// The fuzzer of `npm run fuzz` (bench/fuzz.mjs), at a size that fits in `npm test`.
// @ts-expect-error plain ESM script without type declarations
import { fuzzServer } from '../../bench/fuzz.mjs';

// Issue 28, "Keep it found": a seeded run of the query and body fuzzer against the real server over a real
// socket. Slow answers are counted by `npm run fuzz`, never asserted here (no timing in tests).
it('300 fuzzed queries and write bodies (seed 28) against cms serve: no 5xx, no dropped connection, no crash', async () => {
  ensureBuilt();
  const result = await fuzzServer({ count: 300, seed: 28, log: () => {} });
  expect(result.failures.fiveHundreds).toEqual([]);
  expect(result.failures.dropped).toEqual([]);
  expect(result.crashed).toBeUndefined();
  expect(Object.values(result.statuses as Record<string, number>).reduce((a, b) => a + b, 0) + result.skipped).toBe(300);
}, 120_000);
