#!/usr/bin/env node
// Developer aid: replays the recordings against the built server (dist/, run `npm run build` first)
// and prints each difference compactly (case id, request, status, the first differing paths).
//   node test/conformance/report.mjs [filter]     only case ids containing `filter`
//   CONFORMANCE_SET=foodadvisor node test/conformance/report.mjs [filter]   another schema set's recordings
//   CONFORMANCE_SET=graphql node test/conformance/report.mjs --write-open
//       rewrites the set's open-divergences.json: every differing case not in choices.json, with what
//       settles it (the set's catalogue `settledBy(id)`); entries kept as written, cases that pass dropped
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createCms } from '../../dist/core/cms.js';
import { createApp } from '../../dist/core/http/app.js';
import { createNameBook } from './lib/normalize.mjs';
import { recordedAnswer, runCases } from './lib/run.mjs';

const HERE = join(import.meta.dirname, process.env.CONFORMANCE_SET ?? '.');
const FIXTURE = existsSync(join(HERE, 'fixture')) ? join(HERE, 'fixture') : join(import.meta.dirname, 'fixture');
const writeOpen = process.argv.includes('--write-open');
const filter = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '';
const { TOKENS = {}, settledBy = () => 'to settle: see the difference with report.mjs' } = await import(join(HERE, 'catalogue', 'index.mjs'));
const groups = readdirSync(join(HERE, 'recordings')).filter((n) => n.endsWith('.json')).sort()
  .map((n) => JSON.parse(readFileSync(join(HERE, 'recordings', n), 'utf8')));
const choices = JSON.parse(readFileSync(join(HERE, 'choices.json'), 'utf8'));
const root = mkdtempSync(join(tmpdir(), 'cms-conformance-'));
for (const entry of ['schemas', 'cms.config.json']) cpSync(join(FIXTURE, entry), join(root, entry), { recursive: true });
// NODE_ENV as the reference runs (production: no GraphQL introspection), whatever this process runs under
const cms = await createCms({ root, env: { CMS_JWT_SECRET: 'conformance-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'conformance-salt-0123456789abcdef0123456789abcdef', NODE_ENV: 'production' }, report: () => {} });
const app = createApp(cms, { log: () => {} });
const vars = { token: (await cms.auth.tokens.create({ name: 'conformance', type: 'full-access' })).accessKey };
for (const [name, spec] of Object.entries(TOKENS)) vars[name] = (await cms.auth.tokens.create({ name, ...spec })).accessKey;
const recorded = new Map(groups.flatMap(({ cases }) => cases.map((c) => [c.id, c])));
const cases = [...recorded.values()].map(({ id, request }) => ({ id, ...request }));

function diffs(a, b, path = '', out = []) {
  if (out.length > 6) return out;
  if (isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) diffs(a[key], b[key], `${path}.${key}`, out);
    return out;
  }
  out.push(`${path || '.'}: strapi ${JSON.stringify(a)?.slice(0, 160)} | ours ${JSON.stringify(b)?.slice(0, 160)}`);
  return out;
}

let same = 0; let chosen = 0; const failing = [];
const open = JSON.parse(readFileSync(join(HERE, 'open-divergences.json'), 'utf8'));
const nextOpen = {};
for await (const { kase, answer } of runCases(cases, (p, i) => Promise.resolve(app.request(p, i)), vars, createNameBook(), { lenient: true })) {
  const expected = recordedAnswer(recorded.get(kase.id));
  if (isDeepStrictEqual(answer, expected)) { same++; continue; }
  if (choices[kase.id]) { chosen++; continue; }
  failing.push(kase.id);
  nextOpen[kase.id] = open[kase.id] ?? { differs: `Strapi ${expected.status}, ours ${answer.status}: ${diffs(expected, answer)[0]?.slice(0, 200) ?? ''}`,
    next: settledBy(kase.id) };
  if (!kase.id.includes(filter) || writeOpen) continue;
  console.log(`\n✗ ${kase.id}  ${kase.method} ${kase.path}${kase.body ? ` ${JSON.stringify(kase.body).slice(0, 150)}` : ''}`);
  for (const line of diffs(expected, answer)) console.log(`   ${line}`);
}
console.log(`\n${cases.length} cases: ${same} same, ${chosen} listed choices, ${failing.length} differ`);
if (writeOpen) {
  writeFileSync(join(HERE, 'open-divergences.json'), `${JSON.stringify(nextOpen, null, 2)}\n`);
  console.log(`open-divergences.json: ${Object.keys(nextOpen).length} open (${Object.keys(open).filter((id) => !nextOpen[id]).length} settled since)`);
}
rmSync(root, { recursive: true, force: true });
