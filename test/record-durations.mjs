// Writes test/durations.json (file → seconds) from a whole run: vitest.config.ts starts the longest files first, so a 2-worker
// run ends together instead of one worker finishing a long file alone. Only the order depends on it: a stale or missing entry
// changes no result. `npm test 2>&1 | tee .ci/test.log`, then `npm run test:durations -- .ci/test.log`: the default reporter's
// per-file times include a file's beforeAll (where the MCP replay seeds its site). Without a log it reads .ci/results.json, whose
// times leave the hooks out.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = JSON.parse(readFileSync(join(root, '.ci/results.json'), 'utf8'));
// Names are absolute in the checkout that ran (CI's clone): each is that checkout's test/ folder and the path below it.
const names = results.testResults.map((file) => file.name);
let testDir = names[0].slice(0, names[0].lastIndexOf('/') + 1);
while (!names.every((name) => name.startsWith(testDir))) testDir = testDir.slice(0, testDir.lastIndexOf('/', testDir.length - 2) + 1);
const seconds = (ms) => Math.round(ms / 100) / 10;
const fromReport = results.testResults.map((file) => [`test/${file.name.slice(testDir.length)}`, seconds(file.endTime - file.startTime)]);
// The default reporter's line per file: ` ✓  processes  test/x.test.ts (12 tests) 3456ms` (colours stripped).
const log = process.argv[2] ? readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '') : '';
const fromLog = new Map([...log.matchAll(/^ \S\s+\S+\s+(test\/\S+\.test\.ts) \(\d+ tests?[^)]*\)\s*(\d+)ms/gm)]
  .map(([, file, ms]) => [file, seconds(Number(ms))]));
const durations = Object.fromEntries(fromReport.map(([file, time]) => [file, fromLog.get(file) ?? time])
  .sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(join(root, 'test/durations.json'), `${JSON.stringify(durations, null, 1)}\n`);
console.log(`test/durations.json: ${Object.keys(durations).length} files`);
