// Torture mode `interleave`: writes to different fields of the same documents from the CLI (`cms update`, a
// process each), from scripted file rewrites (an editor's save: in place or by rename) and from the HTTP API of a
// watching `cms serve`, one after another per document with 0–300 ms gaps, several documents at once. Every
// acknowledged value must be in the files: checked after each write (a later write that put an older value back
// is a revert) and at the end. `npm run torture -- interleave` (full size), `node bench/torture-interleave.mjs`.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { random } from './generate.mjs';
import { freePort, repo, startServer, writableSite } from './torture-site.mjs';

const run = promisify(execFile);
const FIELDS = ['title', 'description', 'views'];
/** The writers and how often each is picked (a CLI write is a whole Node process: the costliest). */
const ACTORS = [['http', 0.45], ['file', 0.35], ['cli', 0.2]];
const pause = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Published JSON articles of the sample with no draft beside them: one plain file holds every field. */
function plainArticles(root, count) {
  const names = readdirSync(join(root, 'content/articles'));
  return names.filter((name) => /^\w+\.json$/.test(name) && !names.includes(name.replace('.json', '.draft.json')))
    .map((name) => name.slice(0, -'.json'.length)).slice(0, count);
}

const valueFor = (field, actor, n) => (field === 'views' ? n : `${actor}-${n}`);

/** One write by one actor; resolves true once it is acknowledged (HTTP 200, exit 0, the rename or write done). */
async function write({ actor, root, port, documentId, field, value, n }) {
  const file = join(root, 'content/articles', `${documentId}.json`);
  if (actor === 'http') {
    const response = await fetch(`http://127.0.0.1:${port}/api/articles/${documentId}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { [field]: value } }),
    });
    await response.arrayBuffer();
    return response.status === 200;
  }
  if (actor === 'cli') {
    const args = [join(repo, 'dist/cli/bin.js'), 'update', 'articles', documentId, '--data', JSON.stringify({ [field]: value }),
      '--root', root];
    return run(process.execPath, args, { env: { ...process.env, NODE_ENV: 'production' } }).then(() => true, () => false);
  }
  const text = `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), [field]: value }, null, 2)}\n`;
  if (n % 2) writeFileSync(file, text);
  else {
    writeFileSync(`${file}.swp`, text);
    renameSync(`${file}.swp`, file);
  }
  return true;
}

/**
 * `writes` writes over `documents` documents (each its own chain, the chains side by side); after every
 * acknowledged write the file must hold the last acknowledged value of every field. Returns the counts.
 */
export async function interleave({ writes = 1000, documents = 8, seed = 36, log = console.log } = {}) {
  const rand = random(seed);
  const root = writableSite();
  const port = await freePort();
  const child = await startServer(root, port, { watch: true });
  const ids = plainArticles(root, documents);
  const counts = { http: 0, file: 0, cli: 0, failed: 0, reverted: 0, finalMissing: 0 };
  const reverts = [];
  const expected = new Map(ids.map((id) => [id, {}]));
  const plan = Array.from({ length: writes }, (_, n) => {
    let roll = rand();
    const actor = ACTORS.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'http';
    return { n, actor, documentId: ids[n % ids.length], field: FIELDS[Math.floor(rand() * FIELDS.length)], gap: Math.floor(rand() * 301) };
  });
  const started = Date.now();
  await Promise.all(ids.map(async (documentId) => {
    const file = join(root, 'content/articles', `${documentId}.json`);
    for (const step of plan.filter((item) => item.documentId === documentId)) {
      await pause(step.gap);
      const value = valueFor(step.field, step.actor, step.n);
      if (!(await write({ ...step, root, port, value }))) { counts.failed++; continue; }
      counts[step.actor]++;
      expected.get(documentId)[step.field] = value;
      const onDisk = JSON.parse(readFileSync(file, 'utf8'));
      for (const [field, want] of Object.entries(expected.get(documentId))) {
        if (onDisk[field] === want) continue;
        counts.reverted++;
        reverts.push({ documentId, field, want, found: onDisk[field], after: `${step.actor} #${step.n}` });
        expected.get(documentId)[field] = onDisk[field];
      }
    }
  }));
  for (const [documentId, fields] of expected) {
    const onDisk = JSON.parse(readFileSync(join(root, 'content/articles', `${documentId}.json`), 'utf8'));
    for (const [field, want] of Object.entries(fields)) if (onDisk[field] !== want) counts.finalMissing++;
  }
  child.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
  const acknowledged = counts.http + counts.file + counts.cli;
  log(`interleave: ${writes} writes over ${ids.length} documents in ${((Date.now() - started) / 1000).toFixed(0)} s: `
    + `${acknowledged} acknowledged (${counts.http} HTTP, ${counts.file} file rewrites, ${counts.cli} CLI), ${counts.failed} failed, `
    + `${counts.reverted} reverted, ${counts.finalMissing} acknowledged values missing from the final files`);
  for (const revert of reverts.slice(0, 10)) log(`  reverted: ${JSON.stringify(revert)}`);
  return { ...counts, acknowledged, reverts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await interleave({ writes: Number(process.argv[2] ?? 1000) });
  process.exitCode = r.reverted || r.finalMissing || r.failed ? 1 : 0;
}
