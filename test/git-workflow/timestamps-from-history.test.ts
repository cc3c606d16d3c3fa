import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { readFileTimes } from '../../core/git/file-times.js';
import { resolveConfig } from '../../core/config/load.js';
import { makeProject, startApp } from '../helpers/project.js';
import { cms, git, initRepo, readText, writeText } from './helpers.js';

vi.setConfig({ testTimeout: 180_000 });

const TAG = {
  kind: 'collectionType',
  info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
  options: { draftAndPublish: false },
  attributes: { name: { type: 'string' }, color: { type: 'string' } },
};
const config = (extra: Record<string,
  unknown> = {}) => ({ permissions: { public: { tags: ['find', 'findOne', 'create', 'update'] } },
    git: { timestampsFromHistory: true, ...extra } });

function project(extra: Record<string, unknown> = {}): string {
  const root = makeProject({ 'schemas/tag.json': TAG, 'cms.config.json': config(extra),
    'content/tags/old.json': '{\n  "name": "Old",\n\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n' });
  initRepo(root);
  return root;
}

describe('git.timestampsFromHistory: the config key', () => {
  it.each([[{ timestampsFromHistory: 'yes' }, 'git.timestampsFromHistory must be true or false'],
    [{ commitPerWrite: 1 }, 'git.commitPerWrite must be true or false']])('rejects %j', (git, message) => {
    expect(() => resolveConfig({ git })).toThrow(message);
  });

  it('is off by default', () => {
    expect(resolveConfig({}).git.timestampsFromHistory).toBe(false);
  });
});

describe('git.timestampsFromHistory: updatedAt and publishedAt from Git, never written', () => {
  it('answers a committed file\'s updatedAt and publishedAt from its last commit', async () => {
    const root = project();
    const committed = new Date(git(root, 'log', '-1', '--format=%aI', '--', 'content/tags/old.json')).toISOString();
    const server = await startApp(root, { report: () => {} });
    const old = (await server.getJson('/api/tags/old')).body.data;
    expect(old).toMatchObject({ createdAt: '2024-01-01T00:00:00.000Z', updatedAt: committed, publishedAt: committed });
  });

  it('writes no updatedAt or publishedAt line; the commit carries the write\'s time, so a fresh server answers the same', async () => {
    const root = project({ commitPerWrite: true });
    const server = await startApp(root, { report: () => {} });
    const posted = await server.sendJson('POST', '/api/tags', { data: { name: 'New' } });
    expect(posted.body).toMatchObject({ data: {} });
    const created = posted.body.data;
    const updated = (await server.sendJson('PUT', '/api/tags/old', { data: { color: 'red' } })).body.data;
    for (const [documentId, answer] of [[created.documentId, created], ['old', updated]]) {
      const text = readText(root, `content/tags/${documentId}.json`)!;
      expect(text).not.toMatch(/updatedAt|publishedAt/);
      const committed = new Date(git(root, 'log', '-1', '--format=%aI', '--', `content/tags/${documentId}.json`)).toISOString();
      // whole seconds, as Git keeps them, except in the creation second: createdAt keeps its milliseconds
      expect(answer.updatedAt).toBe(committed < answer.createdAt ? answer.createdAt : committed);
    }
    expect(readText(root, `content/tags/${created.documentId}.json`)).toContain(`"createdAt": "${created.createdAt}"`);
    expect(created.createdAt <= created.updatedAt).toBe(true);
    const fresh = await startApp(root, { report: () => {} });
    expect((await fresh.getJson(`/api/tags/${created.documentId}`)).body.data).toEqual(created);
    expect((await fresh.getJson('/api/tags/old')).body.data).toEqual(updated);
  });

  it('keeps createdAt\'s milliseconds, so documents committed in one second keep their creation order under sort=createdAt', async () => {
    const root = project();
    const server = await startApp(root, { report: () => {} });
    const names = ['n1', 'n2', 'n3', 'n4', 'n5'];
    const created: { documentId: string; createdAt: string }[] = [];
    for (const name of names) {
      // Each in a millisecond of its own (a fast machine makes two in one; test/write/creation-order covers those).
      const last = Date.parse(created.at(-1)?.createdAt ?? '1970-01-01T00:00:00Z');
      while (Date.now() <= last) await new Promise((tick) => setImmediate(tick));
      created.push((await server.sendJson('POST', '/api/tags', { data: { name } })).body.data);
    }
    expect(new Set(created.map((row) => row.createdAt)).size).toBe(names.length); // no two tie, as whole seconds would
    for (const row of created) {
      expect(readText(root, `content/tags/${row.documentId}.json`)).toContain(`"createdAt": "${row.createdAt}"`);
    }
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'Five tags');
    const sorted = '/api/tags?sort=createdAt:desc&fields[0]=name&fields[1]=createdAt&filters[name][$startsWith]=n';
    const fresh = await startApp(root, { report: () => {} });
    for (const app of [server, fresh]) {
      const listed = (await app.getJson(sorted)).body.data as { name: string; createdAt: string }[];
      expect(listed.map((row) => row.name)).toEqual([...names].reverse());
      expect(listed.map((row) => row.createdAt)).toEqual(created.map((row) => row.createdAt).reverse());
    }
  });

  it('a write that changes nothing keeps the time and makes no commit', async () => {
    const root = project({ commitPerWrite: true });
    const server = await startApp(root, { report: () => {} });
    const before = (await server.getJson('/api/tags/old')).body.data;
    const head = git(root, 'rev-parse', 'HEAD');
    expect((await server.sendJson('PUT', '/api/tags/old', { data: { name: 'Old' } })).body.data).toEqual(before);
    expect((await server.getJson('/api/tags/old')).body.data).toEqual(before);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('an uncommitted change answers the file\'s modification time', async () => {
    const root = project();
    writeText(root, 'content/tags/old.json', '{\n  "name": "Edited by hand",\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n');
    const when = new Date('2030-05-05T05:05:05.000Z');
    utimesSync(join(root, 'content/tags/old.json'), when, when);
    const loaded = await createCms({ root, report: () => {} });
    expect(loaded.index.rows('api::tag.tag')[0]).toMatchObject({ updatedAt: when.toISOString(), data: { name: 'Edited by hand' } });
  });

  it('outside a Git repository, every file answers its modification time', async () => {
    const root = makeProject({ 'schemas/tag.json': TAG, 'cms.config.json': config(),
      'content/tags/a.json': '{ "name": "A", "createdAt": "2024-01-01T00:00:00.000Z" }\n' });
    const when = new Date('2031-01-01T00:00:00.000Z');
    utimesSync(join(root, 'content/tags/a.json'), when, when);
    const loaded = await createCms({ root, report: () => {} });
    expect(loaded.index.rows('api::tag.tag')[0].updatedAt).toBe(when.toISOString());
  });

  it('outside a Git repository, a write answers the updatedAt a fresh start answers, to the millisecond', async () => {
    const root = makeProject({ 'schemas/tag.json': TAG, 'cms.config.json': config(),
      'content/tags/a.json': '{ "name": "A", "createdAt": "2024-01-01T00:00:00.000Z" }\n' });
    const server = await startApp(root, { report: () => {} });
    const created = (await server.sendJson('POST', '/api/tags', { data: { name: 'New' } })).body.data;
    const updated = (await server.sendJson('PUT', '/api/tags/a', { data: { name: 'A again' } })).body.data;
    const fresh = await createCms({ root, report: () => {} });
    const answered = (documentId: string) => fresh.index.rows('api::tag.tag').find((row) => row.documentId === documentId)!.updatedAt;
    expect(answered(created.documentId)).toBe(created.updatedAt);
    expect(answered('a')).toBe(updated.updatedAt);
  });

  it('keeps what it read in .cms/file-times.json and reads only newer commits on the next start', async () => {
    const root = project();
    await createCms({ root, report: () => {} });
    const snapshot = JSON.parse(readText(root, '.cms/file-times.json')!);
    expect(snapshot).toMatchObject({ version: 1, head: git(root, 'rev-parse', 'HEAD') });
    writeText(root, 'content/tags/old.json', '{\n  "name": "Renamed",\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n');
    git(root, 'commit', '--quiet', '-am', 'Rename', '--date=2030-01-01T00:00:00Z');
    const loaded = await createCms({ root, report: () => {} });
    expect(loaded.index.rows('api::tag.tag')[0]).toMatchObject({ updatedAt: '2030-01-01T00:00:00.000Z', data: { name: 'Renamed' } });
    expect(JSON.parse(readText(root, '.cms/file-times.json')!).head).toBe(git(root, 'rev-parse', 'HEAD'));
  });

  it('a refresh told which files changed reads those and the new commits\' files, and writes the snapshot at most every 30 s', async () => {
    const root = project();
    writeText(root, 'content/tags/b.json', '{\n  "name": "B",\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n');
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'B', '--date=2029-01-01T00:00:00Z');
    const history = await readFileTimes(root);
    const firstSnapshot = readText(root, '.cms/file-times.json');
    // A commit (a pull's) touches b; old is edited by hand meanwhile, and the watcher names it.
    writeText(root, 'content/tags/b.json', '{\n  "name": "B2",\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n');
    git(root, 'commit', '--quiet', '-am', 'B2', '--date=2030-01-01T00:00:00Z');
    writeText(root, 'content/tags/old.json', '{\n  "name": "Edited by hand",\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n');
    await history.refresh(['content/tags/old.json']);
    expect(history.times.get('content/tags/b.json')).toBe('2030-01-01T00:00:00.000Z');
    expect(history.times.has('content/tags/old.json')).toBe(false);
    // Read again from the snapshot and the commits since it: the same times.
    expect(readText(root, '.cms/file-times.json')).toBe(firstSnapshot);
    const restarted = await readFileTimes(root);
    expect(restarted.times.get('content/tags/b.json')).toBe('2030-01-01T00:00:00.000Z');
    expect(restarted.times.has('content/tags/old.json')).toBe(false);
    expect(JSON.parse(readText(root, '.cms/file-times.json')!).head).toBe(git(root, 'rev-parse', 'HEAD'));
  });

  it('cms fmt neither adds the timestamps back nor calls the files unformatted', async () => {
    const root = project();
    const run = await cms(['fmt', '--check', '--root', root]);
    expect(run.code).toBe(0);
  });

  it('cms fmt keeps updatedAt and publishedAt lines written before the mode was on (they answer until the next write removes them)', async () => {
    const root = project();
    const legacy = '{\n  "name": "Old",\n\n  "createdAt": "2024-01-01T00:00:00.000Z",\n\n  "updatedAt": "2024-02-01T00:00:00.000Z",\n\n  "publishedAt": "2024-02-01T00:00:00.000Z"\n}\n';
    writeText(root, 'content/tags/old.json', legacy);
    git(root, 'commit', '--quiet', '-am', 'Legacy timestamps', '--date=2030-01-01T00:00:00Z');
    // Removing them would answer this commit's time for every document: fmt must not change an answer.
    expect((await cms(['fmt', '--check', '--root', root])).code).toBe(0);
    const server = await startApp(root);
    expect((await server.getJson('/api/tags?filters[name]=Old')).body.data[0].updatedAt).toBe('2024-02-01T00:00:00.000Z');
    expect((await server.sendJson('PUT', `/api/tags/old`, { data: { color: 'red' } })).status).toBe(200);
    expect(readText(root, 'content/tags/old.json'))
      .toBe('{\n  "name": "Old",\n\n  "color": "red",\n\n  "createdAt": "2024-01-01T00:00:00.000Z"\n}\n');
  });
});
