import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchProject, type ProjectWatcher } from '../../core/watch/watch.js';
import { makeProject, startApp, type TestServer } from '../helpers/project.js';
import { editJson, eventually, git, initRepo, writeText } from './helpers.js';

/** A tiny project: notes (with an author relation) and people; the Public role may read both. */
function notesProject(): string {
  return makeProject({
    'cms.config.json': { permissions: { public: { 'api::note.note': ['find', 'findOne'], 'api::person.person': ['find', 'findOne'] } } },
    'schemas/note.json': {
      kind: 'collectionType',
      info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      options: { draftAndPublish: false },
      attributes: {
        title: { type: 'string', required: true },
        author: { type: 'relation', relation: 'manyToOne', target: 'api::person.person', inversedBy: 'notes' },
      },
    },
    'schemas/person.json': {
      kind: 'collectionType',
      info: { singularName: 'person', pluralName: 'people', displayName: 'Person' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string' },
        notes: { type: 'relation', relation: 'oneToMany', target: 'api::note.note', mappedBy: 'author' },
      },
    },
    'content/notes/alpha.json': { title: 'Alpha', author: 'ann' },
    'content/notes/beta.yaml': 'title: Beta\n',
    'content/people/ann.json': { name: 'Ann' },
    'content/people/bob.json': { name: 'Bob' },
  });
}

interface Watched extends TestServer { root: string; watcher: ProjectWatcher; reports: string[] }

let open: ProjectWatcher[] = [];
afterEach(() => { for (const watcher of open.splice(0)) watcher.close(); });

async function watched(root = notesProject()): Promise<Watched> {
  const server = await startApp(root, { report: () => {} });
  const reports: string[] = [];
  const watcher = watchProject(server.cms, { report: (message) => reports.push(message) });
  open.push(watcher);
  return { ...server, root, watcher, reports };
}

/** Every note as `documentId:title`, and each person's notes (the derived inverse side). */
async function snapshot(server: TestServer) {
  const notes = (await server.getJson('/api/notes?sort=documentId')).body.data as { documentId: string; title: string }[];
  const people = (await server.getJson('/api/people?sort=documentId&populate[notes][sort]=documentId'))
    .body.data as { documentId: string; notes: { documentId: string }[] }[];
  return {
    notes: notes.map((note) => `${note.documentId}:${note.title}`),
    people: Object.fromEntries(people.map((person) => [person.documentId, person.notes.map((note) => note.documentId)])),
  };
}
const noteTitle = async (server: TestServer, documentId: string) => (await server.getJson(`/api/notes/${documentId}`)).body.data?.title;

describe('watchProject: file changes show through the API without a restart', () => {
  it('serves an edited file, and moves the inverse side of a changed relation', async () => {
    const server = await watched();
    writeText(server.root, 'content/notes/alpha.json', JSON.stringify({ title: 'Alpha, edited', author: 'bob' }));
    await eventually(async () => expect(await noteTitle(server, 'alpha')).toBe('Alpha, edited'));
    const bob = (await server.getJson('/api/people/bob?populate=notes')).body.data;
    const ann = (await server.getJson('/api/people/ann?populate=notes')).body.data;
    expect(bob.notes.map((note: { documentId: string }) => note.documentId)).toEqual(['alpha']);
    expect(ann.notes).toEqual([]);
    expect(server.reports).toContain('reindexed 1 file(s)');
  });

  it('answers the ids a pulled content/.ids.json keeps (an import on another clone) without a restart', async () => {
    const server = await watched();
    const kept = { version: 1, rows: { 'api::note.note': { 'alpha||published': 7 } }, locales: {} };
    writeText(server.root, 'content/.ids.json', `${JSON.stringify(kept)}\n`);
    const found = await eventually(async () => {
      const data = (await server.getJson('/api/notes?filters[id][$eq]=7')).body.data as { documentId: string }[];
      if (!data.length) throw new Error('id 7 not answered yet');
      return data.map((note) => note.documentId);
    });
    expect(found).toEqual(['alpha']);
    expect((await server.getJson('/api/notes/alpha')).body.data.id).toBe(7);
  });

  it('serves a new file, forgets a deleted one, and follows a rename', async () => {
    const server = await watched();
    writeText(server.root, 'content/notes/gamma.yml', 'title: Gamma\n');
    rmSync(join(server.root, 'content/notes/beta.yaml'));
    renameSync(join(server.root, 'content/notes/alpha.json'), join(server.root, 'content/notes/alpha2.json'));
    // The renamed file keeps its relation: ann's inverse side names the new documentId.
    await eventually(async () => expect(await snapshot(server)).toEqual({
      notes: ['alpha2:Alpha', 'gamma:Gamma'],
      people: { ann: ['alpha2'], bob: [] },
    }));
    expect((await server.getJson('/api/notes/beta')).status).toBe(404);
    expect((await server.getJson('/api/notes/alpha')).status).toBe(404);
  });

  it('follows a git checkout of a branch that changes, adds and removes several files', async () => {
    const root = notesProject();
    initRepo(root);
    git(root, 'checkout', '--quiet', '-b', 'rewrite');
    writeText(root, 'content/notes/alpha.json', JSON.stringify({ title: 'Alpha on rewrite', author: 'bob' }));
    writeText(root, 'content/notes/delta.json', JSON.stringify({ title: 'Delta', author: 'cy' }));
    writeText(root, 'content/people/cy.json', JSON.stringify({ name: 'Cy' }));
    rmSync(join(root, 'content/notes/beta.yaml'));
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'Rewrite');
    git(root, 'checkout', '--quiet', 'main');
    const onMain = { notes: ['alpha:Alpha', 'beta:Beta'], people: { ann: ['alpha'], bob: [] } };
    const onRewrite = { notes: ['alpha:Alpha on rewrite', 'delta:Delta'], people: { ann: [], bob: ['alpha'], cy: ['delta'] } };

    const server = await watched(root);
    expect(await snapshot(server)).toEqual(onMain);
    git(root, 'checkout', '--quiet', 'rewrite');
    await eventually(async () => expect(await snapshot(server)).toEqual(onRewrite));
    git(root, 'checkout', '--quiet', 'main');
    await eventually(async () => expect(await snapshot(server)).toEqual(onMain));
  });

  it('reports a malformed file as path:line:col, stops serving it as a fresh server would, and serves the fixed file', async () => {
    const server = await watched();
    writeText(server.root, 'content/notes/alpha.json', '{\n  "title": "Broken",\n  "author": "ann",\n}\n');
    await eventually(() => expect(server.reports.some((line) => line.startsWith('content/notes/alpha.json:'))).toBe(true));
    const report = server.reports.find((line) => line.startsWith('content/notes/alpha.json:'))!;
    expect(report).toMatch(/^content\/notes\/alpha\.json:\d+:\d+: \S/);
    expect(report.split(':')[1]).toBe('4');
    expect(await noteTitle(server, 'alpha')).toBeUndefined();
    const fresh = await startApp(server.root, { report: () => {} });
    expect((await fresh.getJson('/api/notes/alpha')).status).toBe(404);
    expect(server.cms.problems().map((problem) => problem.file)).toEqual(['content/notes/alpha.json']);

    writeText(server.root, 'content/notes/alpha.json', JSON.stringify({ title: 'Alpha, fixed' }));
    await eventually(async () => expect(await noteTitle(server, 'alpha')).toBe('Alpha, fixed'));
    expect(server.cms.problems()).toEqual([]);
  });

  it('reports a file that breaks its schema (wrong type) with line:col and stops serving it', async () => {
    const server = await watched();
    writeText(server.root, 'content/notes/beta.yaml', 'title: Beta\nauthor: 42\n');
    await eventually(() => expect(server.reports.some((line) => line.startsWith('content/notes/beta.yaml:2:'))).toBe(true));
    expect(await noteTitle(server, 'beta')).toBeUndefined();
  });

  it('reports a file in a folder no content type owns', async () => {
    const server = await watched();
    writeText(server.root, 'content/nobody/x.json', '{}');
    await eventually(() => expect(server.reports.some((line) => line.startsWith('content/nobody/x.json'))).toBe(true));
  });

  it('keeps the old model when a schema change is invalid, and loads a valid one', async () => {
    const server = await watched();
    editJson(server.root, 'schemas/note.json', (schema) => { schema.attributes.rating = { type: 'no-such-type' }; });
    await eventually(() => expect(server.reports.some((line) => line.startsWith('kept the previous model'))).toBe(true));
    expect(await noteTitle(server, 'alpha')).toBe('Alpha');

    editJson(server.root, 'schemas/note.json', (schema) => { schema.attributes.rating = { type: 'integer' }; });
    writeText(server.root, 'content/notes/alpha.json', JSON.stringify({ title: 'Alpha', rating: 5 }));
    await eventually(async () => expect((await server.getJson('/api/notes/alpha')).body.data.rating).toBe(5));
    expect(server.reports).toContain('schemas or config changed: model reloaded');
  });

  it('still applies content edits that arrive with an invalid schema change (to the old model)', async () => {
    const server = await watched();
    editJson(server.root, 'schemas/person.json', (schema) => { schema.attributes.notes.target = 'api::missing.missing'; });
    writeText(server.root, 'content/notes/beta.yaml', 'title: Beta, edited\n');
    await eventually(async () => expect(await noteTitle(server, 'beta')).toBe('Beta, edited'));
    expect(server.reports.some((line) => line.startsWith('kept the previous model'))).toBe(true);
  });

  it('watches a content folder created while running (a new type and its first file)', async () => {
    const server = await watched();
    writeText(server.root, 'schemas/place.json',
      JSON.stringify({ kind: 'collectionType', info: { singularName: 'place', pluralName: 'places', displayName: 'Place' },
          options: { draftAndPublish: false }, attributes: { name: { type: 'string' } } }));
    editJson(server.root, 'cms.config.json', (config) => { config.permissions.public['api::place.place'] = ['find', 'findOne']; });
    await eventually(async () => expect((await server.getJson('/api/places')).status).toBe(200));
    writeText(server.root, 'content/places/rome.json', JSON.stringify({ name: 'Rome' }));
    await eventually(async () => expect((await server.getJson('/api/places/rome')).body.data?.name).toBe('Rome'));
    writeText(server.root, 'content/places/rome.json', JSON.stringify({ name: 'Roma' }));
    await eventually(async () => expect((await server.getJson('/api/places/rome')).body.data?.name).toBe('Roma'));
  });

  it('starts watching content/ when a new project gets its first content folder', async () => {
    const root = notesProject();
    rmSync(join(root, 'content'), { recursive: true });
    const server = await watched(root);
    expect((await server.getJson('/api/notes')).body.data).toEqual([]);
    writeText(root, 'content/notes/first.json', JSON.stringify({ title: 'First' }));
    await eventually(async () => expect(await noteTitle(server, 'first')).toBe('First'));
    writeText(root, 'content/notes/first.json', JSON.stringify({ title: 'First, edited' }));
    await eventually(async () => expect(await noteTitle(server, 'first')).toBe('First, edited'));
  });

  it('reloads the config: a permission taken away answers 403', async () => {
    const server = await watched();
    editJson(server.root, 'cms.config.json', (config) => { delete config.permissions.public['api::note.note']; });
    await eventually(async () => expect((await server.getJson('/api/notes')).status).toBe(403));
  });

  it('does not read back or report the server\'s own writes', async () => {
    const server = await watched();
    await server.cms.documents('notes').update({ documentId: 'alpha', data: { title: 'Written by the API' } });
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    await server.watcher.settled();
    expect(server.reports).toEqual([]);
    expect(await noteTitle(server, 'alpha')).toBe('Written by the API');
  });

  it('stops reindexing once closed', async () => {
    const server = await watched();
    server.watcher.close();
    writeText(server.root, 'content/notes/alpha.json', JSON.stringify({ title: 'Unseen' }));
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    expect(await noteTitle(server, 'alpha')).toBe('Alpha');
  });
});
