#!/usr/bin/env node
// Randomized differential testing against the real Strapi 5.54: for any schema set, a seeded list of
// random valid and invalid REST requests (lib/fuzz-cases.mjs) goes to Strapi and to this server,
// both seeded by the same requests; the normalised answers (lib/normalize.mjs) are compared and the
// differences reported by kind (method, status pair, first differing path shape: lib/fuzz-diff.mjs).
//
//   npm run conformance:fuzz -- --schemas test/conformance/fixture --seed 1 --count 5000
//     --strapi URL --token KEY   a Strapi already running on the same schemas, fresh (no start/stop)
//     --out FILE                 every kind with its instances' case ids and the first example, as JSON
//     --show N                   examples printed (default 40)
// Without --strapi it starts Strapi in $STRAPI_REF_DIR (default ~/.cache/strapi-ref-fuzz) on
// $STRAPI_REF_PORT (default 1339) and stops it at the end. Needs `npm run build` (it runs dist/).
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCases } from './lib/fuzz-cases.mjs';
import { differenceKind, knownChoice, valueAt } from './lib/fuzz-diff.mjs';
import { loadSchemaSet } from './lib/fuzz-schemas.mjs';
import { createNameBook, normalizeAnswer } from './lib/normalize.mjs';
import { startReference } from './lib/reference.mjs';
import { buildRequest, capture, readResponse } from './lib/run.mjs';

const MISSING = 'missing00000000000000000';
const { values: args } = parseArgs({
  options: {
    schemas: { type: 'string' }, seed: { type: 'string', default: '1' }, count: { type: 'string', default: '1000' },
    strapi: { type: 'string' }, token: { type: 'string' }, out: { type: 'string' }, show: { type: 'string', default: '40' },
  },
});
if (!args.schemas) throw new Error('usage: npm run conformance:fuzz -- --schemas <project dir> [--seed N] [--count M] [--strapi URL --token KEY]');
const project = resolve(args.schemas);

/**
 * Sends every case in order and returns the normalised answers. A name a failed capture left
 * undefined resolves to a documentId no server holds, on both sides alike.
 */
async function runAll(cases, send, token, label) {
  const vars = new Proxy({ token }, {
    has: () => true,
    get: (target, name) => target[name] ?? MISSING,
    set: (target, name, value) => {
      target[name] = value;
      return true;
    },
  });
  const book = createNameBook();
  const answers = [];
  for (const [at, kase] of cases.entries()) {
    const { path, init } = buildRequest(kase, vars);
    let answer;
    try {
      answer = await readResponse(await send(path, init));
    } catch (error) {
      answer = { status: 599, headers: {}, body: String(error?.message ?? error) };
    }
    if (kase.capture && answer.status < 300) { try { capture(kase, answer.body, vars, book); } catch { /* nothing to capture */ } }
    answers.push(normalizeAnswer(answer, book, kase.id));
    if ((at + 1) % 1000 === 0) console.error(`  ${label}: ${at + 1}/${cases.length}`);
  }
  return answers;
}

async function ourServer() {
  const root = mkdtempSync(join(tmpdir(), 'cms-fuzz-'));
  cpSync(join(project, 'schemas'), join(root, 'schemas'), { recursive: true });
  if (existsSync(join(project, 'cms.config.json'))) cpSync(join(project, 'cms.config.json'), join(root, 'cms.config.json'));
  const { createCms } = await import('../../dist/core/cms.js');
  const { createApp } = await import('../../dist/core/http/app.js');
  const env = { CMS_JWT_SECRET: 'fuzz-jwt-secret-0123456789abcdef0123456789abcdef',
    CMS_API_TOKEN_SALT: 'fuzz-salt-0123456789abcdef0123456789abcdef0123' };
  const cms = await createCms({ root, env, report: () => {} });
  const app = createApp(cms, { log: () => {} });
  const token = (await cms.auth.tokens.create({ name: 'fuzz', type: 'full-access' })).accessKey;
  return { send: (path, init) => Promise.resolve(app.request(path, init)), token,
    close: () => rmSync(root, { recursive: true, force: true }) };
}

const set = loadSchemaSet(project);
const { seed, requests } = generateCases(set, Number(args.seed), Number(args.count));
const cases = [...seed, ...requests];
console.log(`${set.types.length} types, ${set.components.size} components; `
  + `seed ${args.seed}: ${seed.length} seed requests + ${requests.length} random requests`);

let reference;
if (args.strapi) reference = { base: args.strapi, token: args.token, stop: () => {} };
else {
  const dir = process.env.STRAPI_REF_DIR ?? join(homedir(), '.cache', 'strapi-ref-fuzz');
  reference = await startReference(project, { dir, port: process.env.STRAPI_REF_PORT ?? '1339' });
}
let theirs;
const started = Date.now();
try {
  theirs = await runAll(cases, (path, init) => fetch(reference.base + path, { ...init, redirect: 'manual' }), reference.token, 'strapi');
} finally {
  reference.stop();
}
const server = await ourServer();
const ours = await runAll(cases, server.send, server.token, 'ours');
server.close();

const kinds = new Map();
const chosen = new Map();
for (const [at, kase] of cases.entries()) {
  const found = differenceKind(kase.method, theirs[at], ours[at]);
  if (!found) continue;
  const choice = knownChoice(kase, theirs[at], ours[at]);
  if (choice) { chosen.set(choice, (chosen.get(choice) ?? 0) + 1); continue; }
  if (!kinds.has(found.kind)) {
    kinds.set(found.kind, {
      kind: found.kind, count: 0, cases: [],
      example: {
        id: kase.id, method: kase.method, path: kase.path, body: kase.body, at: found.path.join('.'),
        strapi: valueAt(theirs[at], found.path), ours: valueAt(ours[at], found.path), answers: { strapi: theirs[at], ours: ours[at] },
      },
    });
  }
  const entry = kinds.get(found.kind);
  entry.count++;
  entry.cases.push(kase.id);
}
const sorted = [...kinds.values()].sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
const seedFailures = seed.filter((_, at) => theirs[at].status >= 300).map((kase) => kase.id);
const differing = sorted.reduce((sum, { count }) => sum + count, 0);
const choices = Object.fromEntries(chosen);
const byChoice = [...chosen.values()].reduce((sum, count) => sum + count, 0);
const clip = (value) => JSON.stringify(value)?.slice(0, 220);
for (const { kind, count, example } of sorted.slice(0, Number(args.show))) {
  console.log(`\n${count}× ${kind}\n   ${example.id}: ${example.method} ${example.path}${example.body ? ` ${clip(example.body)}` : ''}`);
  console.log(`   strapi ${clip(example.strapi)}\n   ours   ${clip(example.ours)}`);
}
console.log(`\n${cases.length} requests (${((Date.now() - started) / 1000).toFixed(0)} s): ${cases.length - differing - byChoice} same, `
  + `${byChoice} differ as a listed Project choice says, ${differing} differ in ${sorted.length} kinds`);
if (byChoice) console.log(`Project choices: ${JSON.stringify(choices)}`);
if (seedFailures.length) console.log(`seed requests Strapi refused: ${seedFailures.join(', ')}`);
if (args.out) {
  const summary = {
    schemas: args.schemas, seed: Number(args.seed), count: Number(args.count),
    requests: cases.length, differing, choices, kinds: sorted, seedFailures,
  };
  writeFileSync(args.out, `${JSON.stringify(summary, null, 1)}\n`);
}
