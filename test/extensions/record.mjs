#!/usr/bin/env node
// node test/extensions/record.mjs — asks the real Strapi 5.54, running test/extensions/project's own src/
// code (strapi-ref-with-code.sh), every case of catalogue.mjs and writes its answers to recording.json.
//   --set <dir>              the same for test/extensions/<dir> (routers, bootstrap, launchpad: its catalogue.mjs and recording.json)
//   --base URL --token KEY   use a Strapi already running with that code (no start/stop)
// Needs STRAPI_REF_DIR (a folder of your own, set up as HELPERS.md says) unless --base is given. Before seeding it names
// the locales as Strapi's admin panel does ("Czech (cs)"), as test/conformance/record.mjs does: the kit names them by code.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nameLocalesAsAdmin } from '../conformance/lib/name-locales.mjs';
import { createNameBook } from '../conformance/lib/normalize.mjs';
import { runCases } from '../conformance/lib/run.mjs';
import { needsRawPath, rawSend } from './raw-send.mjs';

const HERE = import.meta.dirname;
const REF = process.env.STRAPI_REF ?? '/work/shared/strapi-reference/strapi-ref';
const arg = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };
const set = arg('--set');
const dir = set ? join(HERE, set) : HERE;
const { CASES } = await import(join(dir, 'catalogue.mjs'));
let base = arg('--base');
let token = arg('--token');
const owned = !base;
try {
  if (owned) {
    const out = execFileSync(join(HERE, 'strapi-ref-with-code.sh'), [set ? dir : join(HERE, 'project'), process.env.STRAPI_REF_PORT ?? '1343'],
      { encoding: 'utf8' });
    [base, token] = out.trim().split('\n').at(-1).split(' ');
    console.log(`locales named as the admin panel names them: ${(await nameLocalesAsAdmin(base)).join(', ') || 'none'}`);
  }
  const entries = [];
  const send = (path, init) => (needsRawPath(path) ? rawSend(base, path, init) : fetch(base + path, { ...init, redirect: 'manual' }));
  for await (const { kase, answer } of runCases(CASES, send, { token }, createNameBook())) {
    const { id, ...request } = kase;
    entries.push({ id, request, response: answer });
  }
  writeFileSync(join(dir, 'recording.json'), `${JSON.stringify({ strapi: '5.54.0', cases: entries }, null, 1)}\n`);
  console.log(`${entries.length} cases recorded`);
} finally {
  if (owned) execFileSync(REF, ['stop'], { stdio: 'inherit' });
}
