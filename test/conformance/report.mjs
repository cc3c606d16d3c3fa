#!/usr/bin/env node
// Developer aid: replays the recordings against the built server (dist/, run `npm run build` first)
// and prints each difference compactly (case id, request, status, the first differing paths).
//   node test/conformance/report.mjs [filter]     only case ids containing `filter`
//   CONFORMANCE_SET=foodadvisor node test/conformance/report.mjs [filter]   another schema set's recordings
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createCms } from '../../dist/core/cms.js';
import { createApp } from '../../dist/core/http/app.js';
import { createNameBook } from './lib/normalize.mjs';
import { runCases } from './lib/run.mjs';

const HERE = join(import.meta.dirname, process.env.CONFORMANCE_SET ?? '.');
const filter = process.argv[2] ?? '';
const groups = readdirSync(join(HERE, 'recordings')).filter((n) => n.endsWith('.json')).sort()
  .map((n) => JSON.parse(readFileSync(join(HERE, 'recordings', n), 'utf8')));
const choices = JSON.parse(readFileSync(join(HERE, 'choices.json'), 'utf8'));
const root = mkdtempSync(join(tmpdir(), 'cms-conformance-'));
for (const entry of ['schemas', 'cms.config.json']) cpSync(join(HERE, 'fixture', entry), join(root, entry), { recursive: true });
const cms = await createCms({ root, env: { CMS_JWT_SECRET: 'conformance-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'conformance-salt-0123456789abcdef0123456789abcdef' }, report: () => {} });
const app = createApp(cms, { log: () => {} });
const vars = { token: (await cms.auth.tokens.create({ name: 'conformance', type: 'full-access' })).accessKey };
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
for await (const { kase, answer } of runCases(cases, (p, i) => Promise.resolve(app.request(p, i)), vars, createNameBook())) {
  const expected = recorded.get(kase.id).response;
  if (isDeepStrictEqual(answer, expected)) { same++; continue; }
  if (choices[kase.id]) { chosen++; continue; }
  failing.push(kase.id);
  if (!kase.id.includes(filter)) continue;
  console.log(`\n✗ ${kase.id}  ${kase.method} ${kase.path}${kase.body ? ` ${JSON.stringify(kase.body).slice(0, 150)}` : ''}`);
  for (const line of diffs(expected, answer)) console.log(`   ${line}`);
}
console.log(`\n${cases.length} cases: ${same} same, ${chosen} listed choices, ${failing.length} differ`);
rmSync(root, { recursive: true, force: true });
