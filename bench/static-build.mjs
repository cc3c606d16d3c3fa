// A static build's read of N Markdown pages (YAML front matter + body), issue #43: `streamDocuments` against reading and
// parsing the same files by hand (fs + gray-matter, one file at a time in batches of 100, as the stream reads them),
// each in a fresh process, best of `runs`, with its peak RSS. Run by `npm run bench -- --only static`, or alone:
//   node bench/static-build.mjs --sizes 10000,100000 --data /tmp --runs 3
// A child measures one side: node bench/static-build.mjs --child hand|stream <site>
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { random } from './generate.mjs';

const PAGE_SCHEMA = {
  kind: 'collectionType', collectionName: 'pages',
  info: { singularName: 'page', pluralName: 'pages', displayName: 'Page' },
  options: { draftAndPublish: false },
  attributes: {
    title: { type: 'string', required: true }, slug: { type: 'uid', targetField: 'title' }, description: { type: 'text' },
    publishDate: { type: 'date' }, tags: { type: 'json' }, views: { type: 'integer' }, body: { type: 'richtext' },
  },
};
const WORDS = ['coffee', 'pizza', 'beautiful', 'sunset', 'mountain', 'Rome', 'Tokyo', 'code', 'garden', 'ocean', 'bread', 'night',
  'train', 'river', 'story', 'guide', 'review', 'notes', 'secret', 'static', 'build', 'page', 'stream', 'memory'];

/** A site of `total` Markdown pages (about 1.6 KB each) in `out/content/pages`, schema `api::page.page`; kept when complete. */
export function generatePages(total, out, seed = 43) {
  const done = join(out, '.generated');
  if (existsSync(done) && readFileSync(done, 'utf8') === String(total)) return out;
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'schemas/api/page/content-types/page'), { recursive: true });
  mkdirSync(join(out, 'content/pages'), { recursive: true });
  writeFileSync(join(out, 'schemas/api/page/content-types/page/schema.json'), `${JSON.stringify(PAGE_SCHEMA, null, 2)}\n`);
  writeFileSync(join(out, 'cms.config.json'), `${JSON.stringify({ locales: ['en'], defaultLocale: 'en' }, null, 2)}\n`);
  for (let i = 0; i < total; i++) {
    const time = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
    const paragraphs = Array.from({ length: 6 }, () => `${words(30)}.`).join('\n\n');
    const text = ['---', `title: ${words(3)} ${i}`, `slug: page-${i}`, `description: ${words(12)}`,
      `publishDate: 2025-${String(1 + (i % 12)).padStart(2, '0')}-15`, 'tags:', `  - ${pick(WORDS)}`, `  - ${pick(WORDS)}`,
      `views: ${Math.floor(rand() * 1000)}`, `createdAt: ${time}`, `updatedAt: ${time}`, '---', '',
      `# ${words(4)}`, '', paragraphs, '', `- ${words(3)}`, `- ${words(3)}`, '', `## ${words(2)}`, '', `${words(40)}.`, ''].join('\n');
    writeFileSync(join(out, 'content/pages', `p${String(i).padStart(7, '0')}.md`), text);
  }
  writeFileSync(done, String(total));
  return out;
}

/** One side, in this (fresh) process: every page read and parsed, its body's length summed, nothing kept. */
async function child(side, root) {
  // Modules are loaded before the clock starts (a build loads them once, whatever its size); their time is given apart.
  const importStart = performance.now();
  const { default: matter } = side === 'hand' ? await import('gray-matter') : {};
  const { streamDocuments } = side === 'stream' ? await import(new URL('../dist/core/index.js', import.meta.url).href) : {};
  const importMs = performance.now() - importStart;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let documents = 0;
  let chars = 0;
  if (side === 'hand') {
    const folder = join(root, 'content/pages');
    const names = readdirSync(folder).filter((name) => name.endsWith('.md')).sort();
    for (let at = 0; at < names.length; at += 100) {
      for (const name of names.slice(at, at + 100)) {
        // Options given: gray-matter's option-less call caches every file it parses, which would hold the whole site.
        const page = matter(readFileSync(join(folder, name), 'utf8'), {});
        documents++;
        chars += page.content.trim().length + String(page.data.title).length;
      }
    }
  } else {
    for await (const page of streamDocuments('api::page.page', { root })) {
      documents++;
      chars += page.body.trim().length + page.title.length;
    }
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(JSON.stringify({ ms, cpuMs, importMs, documents, chars, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
}

const measure = (side, root) => JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--child', side, root],
  { encoding: 'utf8', maxBuffer: 1 << 20 }).trim().split('\n').pop());

/**
 * Per size: hand read and stream alternated `runs` times in fresh processes, best time and peak RSS of each.
 *
 * @example
 * const rows = benchStaticBuild([[100000, '/tmp/static-100000']], { runs: 3 });
 */
export function benchStaticBuild(sites, { runs = 3 } = {}) {
  const rows = [];
  for (const [size, root] of sites) {
    measure('hand', root); // warm the page cache: both sides read from memory
    const hand = [];
    const stream = [];
    for (let run = 0; run < runs; run++) {
      hand.push(measure('hand', root));
      stream.push(measure('stream', root));
    }
    if (stream[0].documents !== size || hand[0].documents !== size || stream[0].chars !== hand[0].chars) {
      throw new Error(`the two sides read different pages: ${JSON.stringify({ hand: hand[0], stream: stream[0] })}`);
    }
    const best = (list) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
    const leastCpu = (list) => Math.round(Math.min(...list.map((one) => one.cpuMs)));
    const peak = (list) => Math.max(...list.map((one) => one.maxRssMB));
    rows.push({
      pages: size, 'by hand ms': Math.round(best(hand).ms), 'stream ms': Math.round(best(stream).ms),
      'stream ÷ by hand': Number((best(stream).ms / best(hand).ms).toFixed(2)),
      // CPU time (user + system, all threads) moves less than wall time on a shared machine.
      'CPU ms, by hand / stream': `${leastCpu(hand)} / ${leastCpu(stream)}`,
      'import ms, by hand / stream': `${Math.round(best(hand).importMs)} / ${Math.round(best(stream).importMs)}`,
      'by hand peak RSS MB': Math.round(peak(hand)), 'stream peak RSS MB': Math.round(peak(stream)),
    });
  }
  return rows;
}

/** `npm run bench -- --only static --sizes 10000,100000`: the sites generated under `dataRoot`, the table printed. */
export function benchStaticSection(dataRoot, sizes, table) {
  const rows = benchStaticBuild(sizes.map((size) => [size, generatePages(size, join(dataRoot, `static-${size}`))]));
  table('A static build reading N Markdown pages: streamDocuments against fs + gray-matter (bench/static-build.mjs)', rows);
  return rows;
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1], args[2]);
else if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
  const data = resolve(option('data', '/tmp'));
  const sizes = option('sizes', '10000,100000').split(',').map(Number);
  const sites = sizes.map((size) => [size, generatePages(size, join(data, `static-${size}`))]);
  console.table(benchStaticBuild(sites, { runs: Number(option('runs', 3)) }));
}
