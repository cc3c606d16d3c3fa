// Print the newest benchmark results (bench/results/*.json) as Markdown tables for the README.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, 'results');
const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
if (!files.length) throw new Error('no results yet: run npm run bench');
// The newest figures of each section (a run with --only refreshes just its sections).
const results = { sections: {} };
for (const name of files) {
  const run = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  Object.assign(results, { date: run.date, node: run.node, cpus: run.cpus });
  Object.assign(results.sections, run.sections);
}
const TITLES = {
  http: 'HTTP throughput at 1k documents (autocannon over loopback, 5 s each)',
  cold: 'Cold start: indexing vs reading and JSON-parsing the same files',
  query: 'In-process query latency at 100k documents',
  watch: 'A file written on disk → visible through the API (watcher)',
  memory: 'Memory: RSS growth per byte of content',
};
console.log(`Results of ${results.date} (Node ${results.node}, ${results.cpus} cores):\n`);
for (const [section, rows] of Object.entries(results.sections)) {
  const columns = Object.keys(rows[0]);
  console.log(`**${TITLES[section] ?? section}**\n`);
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${columns.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${columns.map((column) => row[column]).join(' | ')} |`);
  console.log('');
}
