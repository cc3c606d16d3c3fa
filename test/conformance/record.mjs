#!/usr/bin/env node
// npm run conformance:record — asks the real Strapi 5.54 every catalogue question and writes its
// answers to recordings/<group>.json. Starts the reference on the fixture (port 1338), seeds it
// through REST, runs every group in order, and always stops it. On a reference it starts, it first
// names the locales as Strapi's admin panel does (lib/name-locales.mjs).
//   --base URL --token KEY   use a Strapi already running (no start/stop)
//   --only GROUP             write just this group's file (earlier groups still run, for state)
//   --until GROUP            stop after this group (with --base: leaves that state to explore by hand)
//   --set DIR                another schema set under test/conformance (its own fixture/, catalogue/, recordings/),
//                            e.g. --set foodadvisor
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { nameLocalesAsAdmin } from './lib/name-locales.mjs';
import { createNameBook } from './lib/normalize.mjs';
import { runCases } from './lib/run.mjs';

const HERE = import.meta.dirname;
const REF = process.env.STRAPI_REF ?? join(HERE, '..', '..', '..', 'shared', 'strapi-reference', 'strapi-ref');
const PORT = process.env.STRAPI_REF_PORT ?? '1338';
const SHARED_INSTALL = join(homedir(), '.cache', 'strapi-reference');
const env = { ...process.env, STRAPI_REF_DIR: process.env.STRAPI_REF_DIR ?? join(homedir(), '.cache', 'strapi-ref-conf') };

/**
 * The recorder runs Strapi in a folder of its own (its database, uploads and generated APIs), so a
 * recording never restarts or rewrites a reference someone else started from the shared install;
 * the npm packages are the shared install's (`strapi-ref install`), linked, not copied.
 */
function ensureOwnReferenceDir(dir) {
  if (existsSync(join(dir, 'node_modules', '@strapi', 'strapi'))) return;
  if (!existsSync(join(SHARED_INSTALL, 'node_modules', '@strapi', 'strapi'))) throw new Error(`run: ${REF} install (no Strapi in ${SHARED_INSTALL})`);
  mkdirSync(join(dir, 'src'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(SHARED_INSTALL, file), join(dir, file));
  cpSync(join(SHARED_INSTALL, 'config'), join(dir, 'config'), { recursive: true });
  cpSync(join(SHARED_INSTALL, 'src', 'index.js'), join(dir, 'src', 'index.js'));
  symlinkSync(join(SHARED_INSTALL, 'node_modules'), join(dir, 'node_modules'));
}
const arg = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };

let base = arg('--base');
let token = arg('--token');
const only = arg('--only');
const until = arg('--until');
const owned = !base;
const SET = join(HERE, arg('--set') ?? '.');
const { GROUPS, checkIds } = await import(join(SET, 'catalogue', 'index.mjs'));
console.log(`${checkIds()} cases in ${GROUPS.length} groups`);
try {
  if (owned) {
    if (!process.env.STRAPI_REF_DIR) ensureOwnReferenceDir(env.STRAPI_REF_DIR);
    const out = execFileSync(REF, ['start', join(SET, 'fixture'), PORT], { env, encoding: 'utf8' }).trim().split('\n').at(-1);
    [base, token] = out.split(' ');
    console.log(`locales named as the admin panel names them: ${(await nameLocalesAsAdmin(base)).join(', ') || 'none'}`);
  }
  const vars = { token };
  const book = createNameBook();
  const send = (path, init) => fetch(base + path, { ...init, redirect: 'manual' });
  mkdirSync(join(SET, 'recordings'), { recursive: true });
  for (const [group, cases] of GROUPS) {
    const entries = [];
    for await (const { kase, answer } of runCases(cases, send, vars, book)) {
      const { id, ...request } = kase;
      entries.push({ id, request, response: answer });
    }
    if (!only || only === group) {
      writeFileSync(join(SET, 'recordings', `${group}.json`), `${JSON.stringify({ group, strapi: '5.54.0', cases: entries }, null, 1)}\n`);
    }
    const statuses = entries.reduce((count, { response }) => ({ ...count, [response.status]: (count[response.status] ?? 0) + 1 }), {});
    console.log(`${group}: ${entries.length} cases ${JSON.stringify(statuses)}`);
    if (group === until) break;
  }
} finally {
  if (owned) execFileSync(REF, ['stop'], { env, stdio: 'inherit' });
}
