import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { removeTempFolders } from './temp-folders.js';

// A setup file (vitest.config.ts): it runs before every test file, also when files share one module graph, so each file's temp
// folders go when that file ends.
afterAll(removeTempFolders);

// With CMS_TEST_FILE set (to anything: bench/test-git-calls.mjs's git shim), it names the running test file, for the processes
// the file starts to say whose they are. A diagnostic, as CMS_TEST_LEAKS below.
if (process.env.CMS_TEST_FILE !== undefined) beforeAll(() => { process.env.CMS_TEST_FILE = expect.getState().testPath; });

// What a file leaves running into the next file of a shared worker (servers, sockets, children, watchers, timers): with
// CMS_TEST_LEAKS=<file>, one line per test file that ended with more of them than it began with is appended there. A
// diagnostic for vitest.config.ts's shared projects, not a check: vitest's and playwright's own handles come and go too.
const LEAKS = process.env.CMS_TEST_LEAKS;
const counted = (): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
};
let before = new Map<string, number>();
if (LEAKS) {
  beforeAll(() => { before = counted(); });
  afterAll(async () => {
    await new Promise((settled) => setTimeout(settled, 200)); // a closed child's exit, a closed socket's end
    const grown = [...counted()].filter(([kind, count]) => count > (before.get(kind) ?? 0))
      .map(([kind, count]) => `${kind} +${count - (before.get(kind) ?? 0)}`);
    if (grown.length > 0) appendFileSync(LEAKS, `${expect.getState().testPath}: ${grown.join(', ')}\n`);
  });
}
