#!/usr/bin/env node
// node test/webhooks/record.mjs — records the webhooks Strapi 5.54 sends (the kit in ../shared/strapi-reference):
// starts Strapi on fixture/ (fresh database), registers a webhook for every event through its admin
// API, pointing at a receiver in this process, does every write of steps.mjs (REST with a full-access
// token; discard and unpublish through the admin's content-manager routes) and keeps, per step, every
// delivery as it arrived: method, headers and JSON body. webhook-payloads.test.ts replays the steps
// on this server and compares. Env: STRAPI_REF_DIR (default ~/.cache/strapi-ref-webhooks), STRAPI_REF_PORT (default 1341).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { startReference } from '../conformance/lib/reference.mjs';
import { EVENTS, HOOK_HEADERS, steps } from './steps.mjs';

const REPO = resolve(import.meta.dirname, '..', '..');
const PNG = readFileSync(join(REPO, 'test', 'conformance', 'assets', 'tiny.png'));
const dir = process.env.STRAPI_REF_DIR ?? join(homedir(), '.cache', 'strapi-ref-webhooks');
const port = process.env.STRAPI_REF_PORT ?? '1341';

const deliveries = [];
let arrived = () => {};
const receiver = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => { text += chunk; });
  request.on('end', () => {
    deliveries.push({ method: request.method, path: request.url, headers: request.headers, body: JSON.parse(text) });
    response.writeHead(204).end();
    arrived();
  });
});
await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
// A reserved name Strapi's SSRF guard cannot resolve, which receiver-name.cjs (preloaded into Strapi) connects to the loopback.
const RECEIVER_NAME = 'receiver.webhooks.test';
const hookUrl = `http://${RECEIVER_NAME}:${receiver.address().port}/hooks/strapi`;
process.env.WEBHOOK_RECEIVER_NAME = RECEIVER_NAME;
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${join(import.meta.dirname, 'receiver-name.cjs')}`.trim();

/** Resolves once no delivery has arrived for `quiet` ms (Strapi delivers from a queue after the write answers). */
const settled = (quiet = 4000) => new Promise((done) => {
  let timer = setTimeout(done, quiet);
  arrived = () => { clearTimeout(timer); timer = setTimeout(done, quiet); };
});

const { base, token, stop } = await startReference(join(import.meta.dirname, 'fixture'), { dir, port });
try {
  const json = async (path, init = {}, bearer = token) => {
    const response = await fetch(base + path, { ...init,
      headers: { authorization: `Bearer ${bearer}`, ...(init.body instanceof FormData ? {} : { 'content-type': 'application/json' }) } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  // The recorder's admin (registered by startReference): its session creates the webhook and does the admin-only actions.
  const login = await json('/admin/login', { method: 'POST',
    body: JSON.stringify({ email: 'recorder@example.com', password: 'Recorder-0123456789' }) }, '');
  const admin = login.data.token;
  await json('/admin/webhooks', { method: 'POST',
    body: JSON.stringify({ name: 'receiver', url: hookUrl, headers: HOOK_HEADERS, events: EVENTS }) }, admin);

  const vars = {};
  const recorded = [];
  for (const step of steps) {
    const quiet = settled();
    const before = deliveries.length;
    let answer;
    if (step.action) {
      const path = `/content-manager/collection-types/api::article.article/${step.document(vars)}/actions/${step.action}?locale=${step.locale}`;
      answer = await json(path, { method: 'POST', body: '{}' }, admin);
    } else if (step.upload !== undefined) {
      const form = new FormData();
      if (step.upload) form.append('files', new Blob([PNG], { type: 'image/png' }), step.upload);
      if (step.fileInfo) form.append('fileInfo', JSON.stringify(step.fileInfo));
      answer = await json(step.path ? step.path(vars) : '/api/upload', { method: 'POST', body: form });
    } else {
      answer = await json(step.path(vars), { method: step.method, ...(step.body ? { body: JSON.stringify(step.body(vars)) } : {}) });
    }
    Object.assign(vars, step.keep?.(answer) ?? {});
    await quiet;
    recorded.push({ id: step.id, deliveries: deliveries.slice(before) });
    console.log(`${step.id}: ${deliveries.slice(before).map((d) => d.body.event).join(', ') || '(none)'}`);
  }
  const out = join(import.meta.dirname, 'recording.json');
  writeFileSync(out, `${JSON.stringify({ strapi: '5.54.0', hookPath: '/hooks/strapi', steps: recorded }, null, 1)}\n`);
  console.log(`${recorded.length} steps, ${deliveries.length} deliveries → ${out}`);
} finally {
  stop();
  receiver.close();
}
