#!/usr/bin/env node
// node test/import/migration/record.mjs — records a migration from the real Strapi 5.54 (the kit in
// ../shared/strapi-reference) into recording.json, which migration-from-strapi.test.ts replays:
// 1. starts Strapi on fixture/ (beside this script) (fresh database), names its locales as the
//    admin panel does, and seeds it through REST: media uploads (one deleted, so ids have a gap),
//    events with a `timestamp`, poster and gallery set by numeric file id, articles in two locales,
//    a draft, and a republished article (Strapi gives its published row a new id);
// 2. runs `cms import` through a recording proxy: every answer the import reads (JSON and binaries)
//    becomes the tape the test serves in Strapi's place;
// 3. asks Strapi every case of cases.mjs and keeps its answers as they are (ids, times, everything).
// Env: STRAPI_REF_DIR (default ~/.cache/strapi-ref-migration), STRAPI_REF_PORT (default 1340). Needs `npm run build`.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureOwnReferenceDir, REF } from '../../conformance/lib/reference.mjs';
import { nameLocalesAsAdmin } from '../../conformance/lib/name-locales.mjs';
import { migrationCases } from './cases.mjs';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '..', '..', '..');
const FIXTURE = join(import.meta.dirname, 'fixture');
const ASSETS = join(REPO, 'test', 'conformance', 'assets');
const env = { ...process.env, STRAPI_REF_DIR: process.env.STRAPI_REF_DIR ?? join(homedir(), '.cache', 'strapi-ref-migration') };
const PORT = process.env.STRAPI_REF_PORT ?? '1340';

if (!process.env.STRAPI_REF_DIR) ensureOwnReferenceDir(env.STRAPI_REF_DIR);
const [base, token] = execFileSync(REF, ['start', FIXTURE, PORT], { env, encoding: 'utf8' }).trim().split('\n').at(-1).split(' ');
const stop = () => execFileSync(REF, ['stop'], { env, stdio: 'inherit' });
try {
  await nameLocalesAsAdmin(base);
  const call = async (method, path, body) => {
    const response = await fetch(base + path, {
      method, headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const must = async (method, path, body) => {
    const answer = await call(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  };
  const upload = async (name) => {
    const form = new FormData();
    form.append('files', new Blob([readFileSync(join(ASSETS, 'tiny.png'))], { type: 'image/png' }), name);
    return (await must('POST', '/api/upload', form))[0];
  };
  // Seed: three files, the second deleted (a gap in the ids, as a real library has).
  const f1 = await upload('first.png');
  const gone = await upload('gone.png');
  const f3 = await upload('third.png');
  await must('DELETE', `/api/upload/files/${gone.id}`);
  const event = async (data) => (await must('POST', '/api/events', { data })).data;
  const e1 = await event({ title: 'Launch', startsAt: 1709763594646, endsAt: '2024-03-07T10:00:00.000Z', poster: f1.id, gallery: [f3.id, f1.id] });
  const dropped = await event({ title: 'Dropped' });
  const e2 = await event({ title: 'Meetup', startsAt: '2024-03-06T10:00:00.000Z', poster: f3.id });
  const e3 = await event({ title: 'Someday', startsAt: null });
  await must('DELETE', `/api/events/${dropped.documentId}`);
  const a1 = (await must('POST', '/api/articles', { data: { title: 'Hello', cover: f1.id, event: e1.documentId } })).data;
  await must('PUT', `/api/articles/${a1.documentId}?locale=fr`, { data: { title: 'Bonjour' } });
  const a2 = (await must('POST', '/api/articles?status=draft', { data: { title: 'Draft only', event: e2.documentId } })).data;
  const a3 = (await must('POST', '/api/articles', { data: { title: 'Republished' } })).data;
  await must('PUT', `/api/articles/${a3.documentId}`, { data: { title: 'Republished again', cover: f3.id } });
  const a4 = (await must('POST', '/api/articles', { data: { title: 'Right after' } })).data;

  // Every row's id as Strapi answers it, per status and locale.
  const rowsOf = async (type, variants) => (await Promise.all(variants.map(async ({ status, locale }) => {
    const query = `status=${status}${locale ? `&locale=${locale}` : ''}&fields[0]=documentId&pagination[pageSize]=100`;
    return (await must('GET', `/api/${type}?${query}`)).data.map(({ id }) => ({ id, status, ...(locale ? { locale } : {}) }));
  }))).flat();
  const vars = {
    fileIds: [f1.id, f3.id], deletedFileId: gone.id, e1: e1.documentId, e2: e2.documentId, e3: e3.documentId,
    a1: a1.documentId, a2: a2.documentId, a3: a3.documentId, a4: a4.documentId,
    eventRows: await rowsOf('events', [{ status: 'published' }]),
    articleRows: await rowsOf('articles', [{ status: 'published' }, { status: 'draft' }, { status: 'draft', locale: 'fr' }]),
  };

  // The import through a recording proxy: its answers are the tape.
  const tape = {};
  const proxy = createServer(async (request, response) => {
    const upstream = await fetch(base + request.url, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    const type = upstream.headers.get('content-type') ?? '';
    tape[request.url] = { status: upstream.status, type, ...(/json/.test(type) ? { json: JSON.parse(bytes.toString('utf8')) } : { base64: bytes.toString('base64') }) };
    response.writeHead(upstream.status, { 'content-type': type }).end(bytes);
  });
  await new Promise((done) => proxy.listen(0, '127.0.0.1', done));
  const site = join(mkdtempSync(join(tmpdir(), 'migration-record-')), 'site');
  const strapiProject = join(site, '..', 'strapi');
  execFileSync('mkdir', ['-p', join(strapiProject, 'src')]);
  execFileSync('cp', ['-r', join(FIXTURE, 'schemas', 'api'), join(strapiProject, 'src', 'api')]);
  // Asynchronous: the proxy answers in this process meanwhile.
  const cli = (args) => run(process.execPath, [join(REPO, 'dist', 'cli', 'bin.js'), ...args], { encoding: 'utf8' });
  await cli(['init', site, '--from-strapi', strapiProject, '--dependency', `file:${REPO}`]);
  await cli(['import', '--from', `http://127.0.0.1:${proxy.address().port}`, '--token', 'recorded', '--root', site, '--add-locales']);
  proxy.close();
  rmSync(join(site, '..'), { recursive: true, force: true });

  const cases = [];
  for (const kase of migrationCases(vars)) {
    const answer = await call(kase.method ?? 'GET', kase.path, kase.body);
    cases.push({ ...kase, response: answer });
  }
  const out = join(import.meta.dirname, 'recording.json');
  writeFileSync(out, `${JSON.stringify({ strapi: '5.54.0', vars, tape, cases }, null, 1)}\n`);
  console.log(`${Object.keys(tape).length} tape answers, ${cases.length} cases → ${out}`);
} finally {
  stop();
}
