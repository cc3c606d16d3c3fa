#!/usr/bin/env node
// node test/conformance/mcp/record.mjs --set fixture|launchpad — asks the real Strapi 5.54's MCP server
// (`/mcp`) every case of catalogue/<set>.mjs and writes its answers to recordings/<set>.json.
// Starts the reference on the set's project (STRAPI_REF_DIR, STRAPI_REF_PORT; LaunchPad with its own
// src/ code, as test/extensions/record.mjs does), seeds it through REST with the set's seed, makes the
// set's admin tokens (`POST /admin/admin-tokens`, Strapi's only credential at /mcp) and a
// users-permissions JWT, records every case in order, and always stops the reference.
//   --base URL --token KEY   use a Strapi already running, freshly started on the set's project (no start/stop)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ADMIN, nameLocalesAsAdmin } from '../lib/name-locales.mjs';
import { createNameBook } from '../lib/normalize.mjs';
import { ensureOwnReferenceDir, REF } from '../lib/reference.mjs';
import { runCases } from '../lib/run.mjs';
import { recordedRequest, runMcpCases } from './lib.mjs';

const HERE = import.meta.dirname;
const REPO = join(HERE, '..', '..', '..');
const arg = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };
const set = arg('--set') ?? 'fixture';
const { PROJECT, SEED, CREDENTIALS, CASES, WITH_CODE } = await import(join(HERE, 'catalogue', `${set}.mjs`));
const PORT = process.env.STRAPI_REF_PORT ?? '1344';
const dir = process.env.STRAPI_REF_DIR;
let base = arg('--base');
let token = arg('--token');
const owned = !base;
if (owned && !dir) throw new Error('set STRAPI_REF_DIR to a folder of your own (HELPERS.md)');
const env = { ...process.env, STRAPI_REF_DIR: dir };

async function json(path, init = {}) {
  const response = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** One admin token per credential, made by the recorder's admin as the admin panel makes them. */
async function adminTokens() {
  const login = await json('/admin/login', { method: 'POST', body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
  const headers = { authorization: `Bearer ${login.data.token}` };
  const keys = {};
  for (const [name, { adminPermissions }] of Object.entries(CREDENTIALS)) {
    const made = await json('/admin/admin-tokens', {
      method: 'POST', headers, body: JSON.stringify({ name: `mcp-${name}`, description: '', lifespan: null, adminPermissions }),
    });
    keys[name] = made.data.accessKey;
  }
  return keys;
}

try {
  if (owned) {
    ensureOwnReferenceDir(dir);
    const script = WITH_CODE ? join(REPO, 'test', 'extensions', 'strapi-ref-with-code.sh') : REF;
    const out = execFileSync(script, WITH_CODE ? [join(REPO, PROJECT), PORT] : ['start', join(REPO, PROJECT), PORT], { env, encoding: 'utf8' });
    [base, token] = out.trim().split('\n').at(-1).split(' ');
    await nameLocalesAsAdmin(base);
  }
  // Strapi closes an idle keep-alive socket after 5 s; a request sent on it as it closes fails before Strapi reads
  // it ("other side closed"): sent again, once.
  const send = (path, init) => fetch(base + path, { ...init, redirect: 'manual' }).catch((error) => {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(base + path, { ...init, redirect: 'manual' });
  });
  const book = createNameBook();
  const vars = { token };
  for await (const { kase, answer } of runCases(SEED, send, vars, book)) {
    if (answer.status >= 300) throw new Error(`seed ${kase.id}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  const keys = await adminTokens();
  const registered = await json('/api/auth/local/register',
    { method: 'POST', body: JSON.stringify({ username: 'mcp-agent', email: 'mcp-agent@example.com', password: 'mcp-agent-0123' }) });
  keys.jwt = registered.jwt;
  for (const [name, key] of Object.entries(keys)) vars[`key:${name}`] = key;
  const cases = CASES.map((kase) => ({ id: kase.id, credential: kase.credential ?? 'full', request: recordedRequest(kase),
    ...(kase.capture ? { capture: kase.capture } : {}) }));
  const seen = new Set();
  for (const { id } of cases) { if (seen.has(id)) throw new Error(`duplicate case id ${id}`); seen.add(id); }
  const entries = [];
  // written as it goes (every 20 cases and at the end): on a busy machine a run takes long, and what it has is kept
  const write = () => {
    const out = { strapi: '5.54.0', project: relative(REPO, join(REPO, PROJECT)), seed: SEED, credentials: CREDENTIALS, cases: entries };
    mkdirSync(join(HERE, 'recordings'), { recursive: true });
    writeFileSync(join(HERE, 'recordings', `${set}.json`), `${JSON.stringify(out, null, 1)}\n`);
  };
  for await (const { kase, answer } of runMcpCases(cases, send, { keys, vars, book })) {
    entries.push({ ...kase, answer });
    if (entries.length % 20 === 0) { write(); console.log(`${entries.length}/${cases.length}`); }
  }
  write();
  const statuses = entries.reduce((count, { answer }) => ({ ...count, [answer.status]: (count[answer.status] ?? 0) + 1 }), {});
  console.log(`${set}: ${entries.length} cases ${JSON.stringify(statuses)}`);
} finally {
  if (owned) execFileSync(REF, ['stop'], { env, stdio: 'inherit' });
}
