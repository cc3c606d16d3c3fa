// Torture tests: fuzzing, crash safety, concurrency, soak, interleaved writers. `npm run torture` (full sizes);
// test/torture runs the same functions with small sizes in `npm test`.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createCms } from '../dist/core/cms.js';
import { createApp } from '../dist/core/http/app.js';
import { parseJsonText } from '../dist/core/parsers/json.js';
import { random } from './generate.mjs';
import { freePort, startServer, writableSite } from './torture-site.mjs';

export { freePort, startServer, writableSite };

const NASTY = ['../', '..%2f', '%2e%2e', '%2e%2e%2f', '%00', '\u0000', '%', '%zz', '../../etc/passwd', 'a'.repeat(5000), '😀', 'Ω≈ç√',
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty',
  '99999999999999999999999999', '-1', '1e308', 'NaN', 'null', 'true', '[]', '{}', '$eq', '$foo', '*', ',', ':', 'title:up', '"', "'",
  '<script>', ' ', ''];
const KEYS = ['filters', 'sort', 'populate', 'fields', 'pagination', 'locale', 'status', '_q', 'page', 'pageSize', 'start', 'limit',
  'publicationFilter', 'foo', '__proto__', 'constructor'];
const SEGMENTS = ['title', 'views', 'author', 'tags', 'seo', 'blocks', 'cover', 'name', 'metaTitle', '$eq', '$containsi', '$in', '$between',
  '$null', '$not', '$and', '$or', '0', '1', '101', 'page', 'pageSize', 'withCount', 'populate', 'fields', 'on', 'shared.quote', 'count',
  '__proto__', 'constructor', 'prototype'];

function fuzzQuery(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const parts = [];
  const count = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) {
    let key = pick(KEYS);
    const depth = rand() < 0.05 ? 30 : Math.floor(rand() * 5);
    for (let d = 0; d < depth; d++) key += `[${pick(SEGMENTS)}]`;
    const value = rand() < 0.7 ? pick(NASTY) : pick(SEGMENTS);
    parts.push(rand() < 0.1
      ? key
      : `${rand() < 0.5 ? encodeURIComponent(key) : key}=${rand() < 0.5 ? encodeURIComponent(value) : value.replace(/[#&\s\u0000]/g, '')}`);
  }
  return parts.join('&');
}

function fuzzPath(rand, ids) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const type = pick(['articles', 'authors', 'tags', 'global', 'about', 'nope', '..', '%2e%2e', 'upload', '_cms', 'articles%00', '']);
  const id = rand() < 0.5 ? pick(ids) : pick(NASTY).replace(/[#?\s\u0000]/g, '');
  const shapes = [`/api/${type}`, `/api/${type}/${id}`, `/api/${type}/${id}/extra`, `/uploads/${pick(NASTY).replace(/[#?\s\u0000]/g, '')}`,
    `/api/_cms/${type}/${id}/history`, `/${pick(NASTY).replace(/[#?\s\u0000]/g, '')}`];
  return pick(shapes);
}

function fuzzBody(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const bodies = [
    '{"data":{"title":"x"}}', '{"data":null}', '{"data":"x"}', '{', 'null', '42', '"str"', '[]', '{"data":{"__proto__":{"polluted":true}}}',
    '{"data":{"constructor":{"prototype":{"polluted":true}}}}', `{"data":{"title":"${'y'.repeat(100)}","views":"abc"}}`,
    '{"data":{"author":{"connect":["nope"]}}}',
    '{"data":{"tags":{"set":[1,2,3]},"blocks":[{"__component":"shared.nope"}]}}', '{"data":{"id":1}}',
    `{"data":{"description":"${'z'.repeat(2_000)}"}}`,
    JSON.stringify({ data: JSON.parse('{"seo":{"metaTitle":null,"metaSocial":[{"id":123456}]}}') }), '\u0000\u0001',
    '{"data":{"title":"\\u0000"}}',
  ];
  return {
    body: pick(bodies),
    type: pick([
      'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '',
    ]),
  };
}

function snapshot(root) {
  const out = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (rel === 'content' || rel.startsWith('content/') || rel === '.cms') continue;
      if (entry.isDirectory()) walk(path);
      else out.set(rel, statSync(path).mtimeMs);
    }
  };
  walk(root);
  return out;
}

/** Fuzz the app in process: no 5xx, every error in the envelope, nothing written outside content/. */
export async function fuzz({ requests = 100_000, seed = 1, log = console.log } = {}) {
  const root = writableSite();
  const before = snapshot(root);
  const cms = await createCms({ root, report: () => {} });
  const app = createApp(cms, { log: () => {} });
  const ids = cms.index.rows('api::article.article').map((row) => row.documentId).slice(0, 20);
  const rand = random(seed);
  const failures = [];
  const statuses = {};
  for (let i = 0; i < requests; i++) {
    const method = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'][Math.floor(rand() * 9)];
    const path = `${fuzzPath(rand, ids)}${rand() < 0.8 ? `?${fuzzQuery(rand)}` : ''}`;
    const init = { method, headers: {} };
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      const { body, type } = fuzzBody(rand);
      init.body = body;
      if (type) init.headers['content-type'] = type;
    }
    if (rand() < 0.05) init.headers.authorization = pick(rand, ['Bearer x', 'Basic abc', 'Bearer', 'bearer a b',
      `Bearer ${'a'.repeat(256)}`]);
    let response;
    try {
      response = await app.request(path, init);
    } catch (error) {
      failures.push({ path, method, error: String(error) });
      continue;
    }
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const text = await response.text();
    if (response.status >= 500) failures.push({ path, method, status: response.status, text: text.slice(0, 200) });
    else if (response.status >= 400 && response.status !== 405 && method !== 'HEAD') {
      try {
        const body = JSON.parse(text);
        if (body.data !== null || typeof body.error?.status !== 'number' || typeof body.error?.name !== 'string'
          || typeof body.error?.message !== 'string') failures.push({ path, method, status: response.status, text: text.slice(0, 200) });
      } catch {
        failures.push({ path, method, status: response.status, text: `not JSON: ${text.slice(0, 100)}` });
      }
    }
    if (({}).polluted !== undefined) failures.push({ path, method, error: 'Object.prototype polluted' });
  }
  const after = snapshot(root);
  const outside = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
  const problems = cms.problems().map((problem) => problem.format());
  rmSync(root, { recursive: true, force: true });
  log(`fuzz: ${requests} requests, statuses ${JSON.stringify(statuses)}, ${failures.length} failures, `
    + `${outside.length} files touched outside content/, ${problems.length} content files left invalid`);
  return { failures, outside, statuses, problems };
}

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

/** 1k concurrent updates to one document: each answered with its own value, final file = last answer, file valid. */
export async function concurrency({ updates = 1000, log = console.log } = {}) {
  const root = writableSite();
  const cms = await createCms({ root, report: () => {} });
  const app = createApp(cms, { log: () => {} });
  const documentId = 'jfsgk21o4wtsoknlvf65xsrj';
  const order = [];
  const results = await Promise.all(Array.from({ length: updates }, async (_, i) => {
    const response = await app.request(`/api/articles/${documentId}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { description: `write ${i}`, views: i } }) });
    const body = await response.json();
    order.push(i);
    return { i, status: response.status, description: body.data?.description, views: body.data?.views };
  }));
  const wrong = results.filter((result) => result.status !== 200 || result.description !== `write ${result.i}`
    || result.views !== result.i);
  const text = readFileSync(join(root, 'content/articles', `${documentId}.json`), 'utf8');
  const file = parseJsonText(text, 'file');
  const last = order[order.length - 1];
  const consistent = file.description === `write ${last}` && file.views === last;
  rmSync(root, { recursive: true, force: true });
  log(`concurrency: ${updates} concurrent updates, ${wrong.length} answered wrong, `
    + `final file ${consistent ? 'is' : 'is NOT'} the last answered write`);
  return { wrong, consistent };
}

/** SIGKILL the server during concurrent writes; after restart every file parses and every acknowledged write is there. */
export async function crash({ writes = 2000, concurrency: parallel = 50, log = console.log } = {}) {
  const root = writableSite();
  const port = await freePort();
  let child = await startServer(root, port);
  const acknowledged = new Map();
  let sent = 0;
  let killed = false;
  // The kill lands mid-stream: once a third of the writes are acknowledged (an event, not a delay, so a loaded machine still
  // kills the server with writes in flight and some acknowledged), or after all were sent.
  const kill = () => { if (!killed) { killed = true; child.kill('SIGKILL'); } };
  const worker = async () => {
    while (!killed && sent < writes) {
      const n = sent++;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/tags`,
          { method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ data: { name: `Crash ${n}`, color: 'red' } }) });
        if (response.status === 201) acknowledged.set((await response.json()).data.documentId, `Crash ${n}`);
        if (acknowledged.size >= writes / 3) kill();
      } catch { /* the server died mid-request */ }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  kill();
  // Restarted once the killed server is gone (its port free), whatever the machine's load.
  if (child.exitCode === null && child.signalCode === null) await new Promise((ok) => child.once('exit', ok));
  child = await startServer(root, port);
  const broken = [];
  for (const name of readdirSync(join(root, 'content/tags'))) {
    if (name.endsWith('.tmp')) continue;
    try { JSON.parse(readFileSync(join(root, 'content/tags', name), 'utf8')); } catch { broken.push(name); }
  }
  const missing = [];
  for (const [documentId, name] of acknowledged) {
    const response = await fetch(`http://127.0.0.1:${port}/api/tags/${documentId}`);
    const body = response.status === 200 ? await response.json() : undefined;
    if (body?.data?.name !== name) missing.push(documentId);
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/tags?pagination[pageSize]=1`).then((response) => response.status);
  child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
  log(`crash: ${acknowledged.size} writes acknowledged before SIGKILL, ${missing.length} missing after restart, `
    + `${broken.length} broken files, list answers ${health}`);
  return { acknowledged: acknowledged.size, missing, broken, health };
}

/** Mixed reads and writes at 100 connections for `seconds`, RSS sampled: no growth trend, no 5xx. */
export async function soak({ seconds = 120, connections = 100, log = console.log } = {}) {
  const { default: autocannon } = await import('autocannon');
  const root = writableSite();
  const port = await freePort();
  const child = await startServer(root, port);
  const pid = child.pid;
  const samples = [];
  const sampler = setInterval(() => {
    try {
      samples.push(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024);
    } catch { /* not on Linux */ }
  }, 1000);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`, connections, duration: seconds,
    requests: [
      { method: 'GET', path: '/api/articles?populate=*' },
      { method: 'GET', path: '/api/articles?filters[views][$gt]=10&sort=title' },
      { method: 'PUT', path: '/api/tags/s5que6tw9xi8hjptbh0q4ood', headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ data: { name: `JS ${Math.random()}` } }) }) },
      { method: 'GET', path: '/api/tags?pagination[pageSize]=5' },
    ],
  });
  clearInterval(sampler);
  child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
  const third = Math.max(1, Math.floor(samples.length / 3));
  const early = samples.slice(0, third).reduce((a, b) => a + b, 0) / third;
  const late = samples.slice(-third).reduce((a, b) => a + b, 0) / third;
  log(`soak: ${seconds}s at ${connections} connections, ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, `
    + `${result.errors} errors, RSS ${early.toFixed(0)} MB → ${late.toFixed(0)} MB`);
  return { non2xx: result.non2xx, errors: result.errors, early, late };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = new Set((process.argv[2] ?? 'fuzz,concurrency,crash,soak,hostile,interleave').split(','));
  let failed = false;
  if (only.has('fuzz')) {
    const r = await fuzz();
    if (r.failures.length || r.outside.length) {
      failed = true;
      console.log(r.failures.slice(0, 20));
    }
  }
  if (only.has('concurrency')) { const r = await concurrency(); if (r.wrong.length || !r.consistent) failed = true; }
  if (only.has('crash')) { const r = await crash(); if (r.missing.length || r.broken.length || r.health !== 200) failed = true; }
  if (only.has('soak')) { const r = await soak(); if (r.errors || r.late > r.early * 1.5) failed = true; }
  if (only.has('hostile')) {
    const { hostile } = await import('./hostile.mjs');
    const r = await hostile({ rounds: 200, writableSite, startServer, freePort });
    if (r.failures.length || r.fiveHundreds || r.crashes || r.leaks.length || r.codeRan || r.changed.length) {
      failed = true;
      console.log(r.failures.slice(0, 20), r.changed);
    }
  }
  if (only.has('interleave')) {
    const { interleave } = await import('./torture-interleave.mjs');
    const r = await interleave();
    if (r.reverted || r.finalMissing || r.failed) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}
