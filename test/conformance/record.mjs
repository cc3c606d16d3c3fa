#!/usr/bin/env node
// npm run conformance:record — asks the real Strapi 5.54 every catalogue question and writes its
// answers to recordings/<group>.json. Starts the reference on the fixture (port 1338), seeds it
// through REST, runs every group in order, and always stops it. On a reference it starts, it first
// names the locales as Strapi's admin panel does (lib/name-locales.mjs).
//   --base URL --token KEY   use a Strapi already running (no start/stop)
//   --only GROUP             write just this group's file (earlier groups still run, for state)
//   --until GROUP            stop after this group (with --base: leaves that state to explore by hand)
//   --set DIR                another schema set under test/conformance (its own fixture/, catalogue/, recordings/),
//                            e.g. --set foodadvisor, --set graphql (the GraphQL plugin's answers, graphql/README.md)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createReferenceTokens } from './lib/api-tokens.mjs';
import { nameLocalesAsAdmin } from './lib/name-locales.mjs';
import { createNameBook } from './lib/normalize.mjs';
import { ensureOwnReferenceDir, REF } from './lib/reference.mjs';
import { runCases } from './lib/run.mjs';

const HERE = import.meta.dirname;
const PORT = process.env.STRAPI_REF_PORT ?? '1338';
const env = { ...process.env, STRAPI_REF_DIR: process.env.STRAPI_REF_DIR ?? join(homedir(), '.cache', 'strapi-ref-conf') };

const arg = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };

let base = arg('--base');
let token = arg('--token');
const only = arg('--only');
const until = arg('--until');
const owned = !base;
const SET = join(HERE, arg('--set') ?? '.');
// a set without a fixture of its own (graphql) asks about the main fixture's schemas
const FIXTURE = existsSync(join(SET, 'fixture')) ? join(SET, 'fixture') : join(HERE, 'fixture');
const { GROUPS, TOKENS, checkIds } = await import(join(SET, 'catalogue', 'index.mjs'));
console.log(`${checkIds()} cases in ${GROUPS.length} groups`);
try {
  if (owned) {
    if (!process.env.STRAPI_REF_DIR) ensureOwnReferenceDir(env.STRAPI_REF_DIR);
    const out = execFileSync(REF, ['start', FIXTURE, PORT], { env, encoding: 'utf8' }).trim().split('\n').at(-1);
    [base, token] = out.split(' ');
    console.log(`locales named as the admin panel names them: ${(await nameLocalesAsAdmin(base)).join(', ') || 'none'}`);
  }
  // a set's other API tokens (read-only, custom scopes) are made by the recorder's admin
  const vars = { token, ...(await createReferenceTokens(base, TOKENS)) };
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
