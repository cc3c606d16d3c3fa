import { describe, expect, it } from 'vitest';
// The torture suite's own functions (bench/torture.mjs), at sizes that fit in `npm test`;
// `npm run torture` runs them at full size (100k fuzzed requests, 1k concurrent updates, soak).
// @ts-expect-error plain ESM script without type declarations
import { concurrency, crash, freePort, fuzz, startServer, writableSite } from '../../bench/torture.mjs';
// @ts-expect-error plain ESM script without type declarations
import { hostile } from '../../bench/hostile.mjs';

const quiet = () => {};

describe('torture (CI sizes)', () => {
  it('3,000 fuzzed requests (malformed queries, bodies, ids, prototype keys): no 5xx, every error in the envelope, nothing written outside content/', async () => {
    const result = await fuzz({ requests: 3000, seed: 7, log: quiet });
    expect(result.failures).toEqual([]);
    expect(result.outside).toEqual([]);
    expect(result.statuses['500']).toBeUndefined();
  });

  it('200 concurrent updates to one document: each answered with its own write, the file holds the last one', async () => {
    const result = await concurrency({ updates: 200, log: quiet });
    expect(result.wrong).toEqual([]);
    expect(result.consistent).toBe(true);
  });

  it('SIGKILL during concurrent writes: after restart every file parses and every acknowledged write is served', async () => {
    const result = await crash({ writes: 300, concurrency: 20, log: quiet });
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.missing).toEqual([]);
    expect(result.broken).toEqual([]);
    expect(result.health).toBe(200);
  });

  it('hostile files and requests over a real socket (chunked bodies over every limit, aborted uploads, deep bodies, a decompression bomb, populate amplification, links out of the project, ---js front matter, an alias bomb): 0 crashes, 0 5xx, nothing leaked, run or changed outside', async () => {
    const result = await hostile({ rounds: 2, writableSite, startServer, freePort, log: quiet });
    expect(result.failures).toEqual([]);
    expect(result.fiveHundreds).toBe(0);
    expect(result.crashes).toBe(0);
    expect(result.leaks).toEqual([]);
    expect(result.codeRan).toBe(false);
    expect(result.changed).toEqual([]);
  }, 120_000);
});
