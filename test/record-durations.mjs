// Writes test/durations.json (file → seconds) from the JSON reporter's .ci/results.json of a whole run (`npm test` writes it):
// vitest.config.ts starts the longest files first, so a 2-worker run ends together instead of one worker finishing a long file
// alone. Only the order depends on it: a stale or missing entry changes no result. `npm run test:durations` after a full run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = JSON.parse(readFileSync(join(root, '.ci/results.json'), 'utf8'));
// Names are absolute in the checkout that ran (CI's clone): each is that checkout's test/ folder and the path below it.
const names = results.testResults.map((file) => file.name);
let testDir = names[0].slice(0, names[0].lastIndexOf('/') + 1);
while (!names.every((name) => name.startsWith(testDir))) testDir = testDir.slice(0, testDir.lastIndexOf('/', testDir.length - 2) + 1);
const durations = Object.fromEntries(results.testResults
  .map((file) => [`test/${file.name.slice(testDir.length)}`, Math.round((file.endTime - file.startTime) / 100) / 10])
  .sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(join(root, 'test/durations.json'), `${JSON.stringify(durations, null, 1)}\n`);
console.log(`test/durations.json: ${Object.keys(durations).length} files`);
