// The time limits of the suite's tests are vitest.config.ts's, sized for a loaded 2-core machine: a test or hook that
// sets a lower one fails a correct run when CI is busy (torture's `}, 60_000)` did, at load 21). A higher one is allowed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
/** vitest.config.ts's `testTimeout` (read as text: importing the config would classify every test file again). */
const LIMIT = Number(/testTimeout: ([0-9_]+)/.exec(readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8'))?.[1].replaceAll('_', ''));
/** A test's or hook's last line when it gives its own limit (`}, 60_000);`, also on one line: `beforeAll(async () => { … }, 60_000);`). */
const OWN_LIMIT = /^\s*(?:(?:it|test|beforeAll|beforeEach|afterAll|afterEach)\(.*)?\}, ([0-9_]+)\);\s*$/;

/** A describe's or test's options on its first line: `describe('…', { timeout: 60_000 }, () => {`. */
const OPTIONS_LIMIT = /^\s*(?:describe|it|test)[\w.!()]*\(.*\{ *timeout: ([0-9_]+) *\}/;

/** A file's own limits: `vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 })`. */
const FILE_LIMIT = /(?<=vi\.setConfig\(\{[^}]*)(?:testTimeout|hookTimeout): ([0-9_]+)/g;

function lowerLimits(text: string, file: string): string[] {
  return text.split('\n').flatMap((line, at) => {
    const limit = OWN_LIMIT.exec(line)?.[1] ?? OPTIONS_LIMIT.exec(line)?.[1];
    // Timers in a test end the same way (`setInterval(() => { … }, 10);`), so only a limit of a second or more counts.
    if (!limit || line.includes('setInterval(') || line.includes('setTimeout(') || line.includes('throttle(')) return [];
    const ms = Number(limit.replaceAll('_', ''));
    return ms >= 1000 && ms < LIMIT ? [`${file}:${at + 1}: ${ms} ms`] : [];
  }).concat(text.split('\n').flatMap((line, at) => [...line.matchAll(FILE_LIMIT)]
    .map((match) => Number(match[1].replaceAll('_', '')))
    .filter((ms) => ms < LIMIT)
    .map((ms) => `${file}:${at + 1}: ${ms} ms`)));
}

describe('the suite\'s time limits', () => {
  it('no test or hook sets a limit below the configured one (sized for a loaded machine)', () => {
    expect(LIMIT).toBeGreaterThanOrEqual(120_000);
    // This file names lower limits as examples.
    const files = fg.sync('test/**/*.test.ts', { cwd: ROOT, ignore: ['test/unit/suite-timeouts.test.ts'] });
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => lowerLimits(readFileSync(join(ROOT, file), 'utf8'), file))).toEqual([]);
  });

  it('finds a lower limit on a test\'s last line, a one-line hook, a describe\'s or test\'s options and a file\'s vi.setConfig, and leaves timers, polls and higher limits alone', () => {
    const text = [
      '  }, 60_000);', 'beforeAll(async () => { s3 = await start(); }, 30_000);', '  }, 180_000);',
      '    const timer = setInterval(() => { ticks++; }, 10);', '    const pull = throttle(async () => { runs++; }, 500);',
      'vi.setConfig({ testTimeout: 180_000, hookTimeout: 90_000 });',
      "describe.concurrent('cms get', { timeout: 60_000 }, () => {", "  it('links both bins', { timeout: 60_000 }, async () => {",
      "describe.skipIf(!CHROMIUM)(`the studio`, { timeout: 300_000 }, () => {", '    await expect.poll(() => read(), { timeout: 10_000 }).toBe(1);',
    ].join('\n');
    expect(lowerLimits(text, 'x.test.ts')).toEqual([
      'x.test.ts:1: 60000 ms', 'x.test.ts:2: 30000 ms', 'x.test.ts:7: 60000 ms', 'x.test.ts:8: 60000 ms', 'x.test.ts:6: 90000 ms',
    ]);
  });
});
