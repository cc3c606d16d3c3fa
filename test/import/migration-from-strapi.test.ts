// A migration end to end, replayed from the real Strapi 5.54 (migration/record.mjs): a project
// running in the reference, seeded through its API with documents and media, then `cms init
// --from-strapi` and `cms import` from the recorded answers (the tape), then every case of
// migration/cases.mjs asked of the imported project and compared with what Strapi answered: files by
// Strapi's id, media set by numeric id, filters[id], sort=id, the `timestamp` type, creation order
// and the locales. Ids, documentIds and times are compared as they are: the import keeps them.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms, type Cms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { TEST_ENV } from '../auth/helpers.js';
import { git } from '../git-workflow/helpers.js';
import { REPO_ROOT } from '../helpers/project.js';
// @ts-expect-error: a plain ES module shared with the recorder
import { migrationCases } from './migration/cases.mjs';

interface Case { id: string; method?: string; path: string; body?: unknown; write?: boolean; response: { status: number; body: unknown } }
interface Recording {
  vars: { fileIds: number[]; deletedFileId: number; eventRows: { id: number }[]; articleRows: { id: number }[] };
  tape: Record<string, { status: number; type: string; json?: unknown; base64?: string }>;
  cases: Case[];
}

const HERE = import.meta.dirname;
const recording = JSON.parse(readFileSync(join(HERE, 'migration', 'recording.json'), 'utf8')) as Recording;
const FIXTURE = join(HERE, 'migration', 'fixture');
const TIME_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt']);

/** Where this project answers otherwise, by choice (contract/strapi-v5-notes.md "Project choices"): the path that differs. */
const CHOICES: Record<string, { path: string; why: string }> = {
  'write.media.by.id.article': { path: 'data.id', why: 'Strapi gives a republished row a new id; ids here stay with the row (kept id 2)' },
};

async function cli(args: string[]) {
  let stderr = '';
  const io = { stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await runCli(args, { ...io, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined, CMS_INDEX_SNAPSHOT: '0' } });
  return { code, stderr };
}

/** The source's row ids per table: a new row's id differs by nature (Strapi's next number; a derived one here). */
const TABLES: Record<string, Set<number>> = {
  files: new Set([...recording.vars.fileIds, recording.vars.deletedFileId]),
  events: new Set(recording.vars.eventRows.map((row) => row.id)),
  articles: new Set(recording.vars.articleRows.map((row) => row.id)),
  locales: new Set([1, 2]),
};
const TABLE_OF_FIELD: Record<string, string> = { poster: 'files', gallery: 'files', cover: 'files', event: 'events' };
const TABLE_OF_TYPE: Record<string, string> = { 'api::event.event': 'events', 'api::article.article': 'articles' };
const tableOfPath = (path: string) => (/^\/api\/(upload|i18n)\//.test(path) ? (path.includes('i18n') ? 'locales' : 'files') : /^\/api\/(\w+)/.exec(path)![1]);

/** New rows' ids and documentIds, and (`write`) every time a write stamps, made comparable; the rest as it is. */
function comparable(body: unknown, path: string, write: boolean): unknown {
  const tapeText = JSON.stringify(recording.tape);
  const walk = (value: unknown, key: string, table: string): unknown => {
    if (key === 'id' && typeof value === 'number') return TABLES[table]?.has(value) ? value : '@@new-id';
    if (key === 'documentId' && typeof value === 'string') return tapeText.includes(value) ? value : '@@new-doc';
    if (write && TIME_KEYS.has(key) && typeof value === 'string') return '@@time';
    if (Array.isArray(value)) return value.map((item) => walk(item, key, table));
    if (value && typeof value === 'object') {
      const here = TABLE_OF_TYPE[String((value as { __type?: unknown }).__type)] ?? table;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, TABLE_OF_FIELD[k] ?? here)]));
    }
    return value;
  };
  return walk(body, '', tableOfPath(path));
}

const without = (body: unknown, path: string): unknown => {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, copy);
  delete parent[keys.at(-1)!];
  return copy;
};

let tape: Server;
let cms: Cms;
let parent: string;
const answers = new Map<string, { status: number; body: unknown }>();
const unrecorded: string[] = [];

beforeAll(async () => {
  tape = createServer((request, response) => {
    const answer = recording.tape[request.url ?? ''];
    if (!answer) { unrecorded.push(request.url ?? ''); response.writeHead(404).end(); return; }
    response.writeHead(answer.status, { 'content-type': answer.type })
      .end(answer.json !== undefined ? JSON.stringify(answer.json) : Buffer.from(answer.base64!, 'base64'));
  });
  await new Promise<void>((done) => tape.listen(0, '127.0.0.1', done));
  const { port } = tape.address() as { port: number };
  parent = mkdtempSync(join(tmpdir(), 'cms-migration-'));
  const strapi = join(parent, 'my-strapi-app');
  mkdirSync(join(strapi, 'src'), { recursive: true });
  cpSync(join(FIXTURE, 'schemas', 'api'), join(strapi, 'src', 'api'), { recursive: true });
  const site = join(parent, 'site');
  const init = await cli(['init', site, '--from-strapi', strapi, '--dependency', '^0.1.0']);
  expect(init.code, init.stderr).toBe(0);
  const imported = await cli(['import', '--from', `http://127.0.0.1:${port}`, '--token', 'recorded', '--root', site, '--add-locales']);
  expect(imported.code, imported.stderr).toBe(0);
  git(site, 'init', '--quiet', '--initial-branch=main');
  git(site, 'add', '--all');
  git(site, 'commit', '--quiet', '-m', 'Migrated from Strapi');
  cms = await createCms({ root: site, env: TEST_ENV, report: () => {} });
  const app = createApp(cms, { log: () => {} });
  const token = (await cms.auth.tokens.create({ name: 'client', type: 'full-access' })).accessKey;
  for (const kase of recording.cases) {
    const response = await app.request(kase.path, {
      method: kase.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(kase.body ? { 'content-type': 'application/json' } : {}) },
      body: kase.body ? JSON.stringify(kase.body) : undefined,
    });
    const text = await response.text();
    answers.set(kase.id, { status: response.status, body: text ? JSON.parse(text) : null });
  }
}, 120_000);

afterAll(async () => {
  await new Promise((done) => tape?.close(done));
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('a project migrated from Strapi 5.54 answers as Strapi did', () => {
  it('asked nothing of the source beyond what was recorded, and the cases are the recorder\'s', () => {
    expect(unrecorded).toEqual([]);
    expect(migrationCases(recording.vars).map((kase: Case) => kase.id)).toEqual(recording.cases.map((kase) => kase.id));
    expect(recording.cases.length).toBeGreaterThan(40);
  });

  it('keeps Strapi\'s numeric ids in content/.ids.json, and the files keep no id of their own', () => {
    const kept = JSON.parse(readFileSync(join(cms.root, 'content', '.ids.json'), 'utf8'));
    expect(Object.values(kept.rows['plugin::upload.file']).sort()).toEqual(recording.vars.fileIds);
    expect(Object.keys(kept.locales)).toEqual(['en', 'fr']);
  });

  it('a replica (a fresh clone of the migrated site) answers the same kept ids, and its new rows take none of them', async () => {
    const clone = join(parent, 'replica');
    git(parent, 'clone', '--quiet', cms.root, clone);
    const replica = await createCms({ root: clone, env: TEST_ENV, report: () => {} });
    const app = createApp(replica, { log: () => {} });
    const token = (await replica.auth.tokens.create({ name: 'replica', type: 'full-access' })).accessKey;
    const get = async (path: string) => (await app.request(path, { headers: { authorization: `Bearer ${token}` } })).json();
    const [first] = recording.vars.fileIds;
    expect((await get(`/api/upload/files/${first}`)).documentId)
      .toBe((recording.cases.find((kase) => kase.id === `files.one.${first}`)!.response.body as { documentId: string }).documentId);
    const created = await app.request('/api/events', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'Made on the replica', poster: first } }),
    });
    const { data } = await created.json() as { data: { id: number } };
    expect(data.id).toBeGreaterThanOrEqual(2 ** 32);
    const ids = ((await get('/api/events?sort=id:asc&pagination[pageSize]=100')).data as { id: number }[]).map((row) => row.id);
    expect(ids.at(-1)).toBe(data.id); // after every imported row
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(recording.cases.map((kase) => [kase.id, kase] as const))('%s', (id, kase) => {
    const ours = answers.get(id)!;
    const write = !!kase.write || id.startsWith('after.');
    const expected = { status: kase.response.status, body: comparable(kase.response.body, kase.path, write) };
    const got = { status: ours.status, body: comparable(ours.body, kase.path, write) };
    const choice = CHOICES[id];
    if (!choice) { expect(got).toEqual(expected); return; }
    expect(got, `${id} now answers as Strapi: remove it from CHOICES`).not.toEqual(expected);
    expect({ ...got, body: without(got.body, choice.path) }).toEqual({ ...expected, body: without(expected.body, choice.path) });
  });
});
