import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelForPath } from '../../core/index/load.js';
import { readContentFile } from '../../core/index/read-file.js';
import { FileError, FileProblemsError } from '../../core/errors.js';
import { loadModels } from '../../core/schema/registry.js';
import { isUnparsed } from '../../core/index/snapshot/snapshot-record.js';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { start } from './helpers.js';

const cmsModels = (root: string) => loadModels(root);

describe('a cold start keeps each JSON file\'s checked text and parses its fields on first read', () => {
  it('holds no parsed fields after the load, and each record, once read, holds exactly what the file\'s own parse gives', async () => {
    const root = copySampleSite();
    // A hand-written file may put its timestamps first: its fields are copied out rather than kept in place.
    const handWritten = join(root, `content/articles/${A.pizza}.json`);
    const { createdAt, updatedAt, publishedAt, ...fields } = JSON.parse(readFileSync(handWritten, 'utf8'));
    writeFileSync(handWritten, `${JSON.stringify({ createdAt, updatedAt, publishedAt, ...fields }, null, 2)}\n`);
    const { cms, stats } = await start(root, false);
    expect(cms.problems()).toEqual([]);
    const files = cms.index.files('content/').filter((file) => file.endsWith('.json'));
    expect(files.length).toBe(stats.read - cms.index.files('content/').filter((file) => !file.endsWith('.json')).length);
    expect(files.filter((file) => !isUnparsed(cms.index.record(file)!))).toEqual([]);
    for (const file of files) {
      const model = modelForPath(cms.models, file)!;
      const text = readFileSync(join(root, file), 'utf8');
      const record = cms.index.record(file)!;
      expect(record.data, file).toEqual(readContentFile(file, text, 0, model, cms.models, cms.config).data);
      expect(isUnparsed(record)).toBe(false);
    }
  });

  it('serves the text it checked at load, not a file changed since behind its back (no watcher runs here)', async () => {
    const root = copySampleSite();
    const { cms } = await start(root, false);
    const path = join(root, `content/articles/${A.rome}.json`);
    writeFileSync(path, readFileSync(path, 'utf8').replace('The best coffee in Rome', 'Changed after the load'));
    const { body } = await cms.ownerApi({ method: 'GET', path: `/articles/${A.rome}`, search: 'fields[0]=title' });
    expect((body as { data: { title: string } }).data.title).toBe('The best coffee in Rome');
  });

  it('reports each kept file\'s problems as a check of its trimmed fields does, system fields anywhere in the file', async () => {
    const root = copySampleSite();
    const bad = join(root, `content/articles/${A.pizza}.json`);
    const { createdAt, updatedAt, publishedAt, ...fields } = JSON.parse(readFileSync(bad, 'utf8'));
    // Timestamps between the fields, an unknown attribute after them, a field of the wrong type.
    writeFileSync(bad, `${JSON.stringify({ ...fields, title: 7, createdAt, updatedAt, nope: true, publishedAt, views: 'many' }, null, 2)}\n`);
    const file = `content/articles/${A.pizza}.json`;
    let expected: FileError[] = [];
    try {
      readContentFile(file, readFileSync(bad, 'utf8'), 0, modelForPath(cmsModels(root), file)!, cmsModels(root), (await start(root, false)).cms.config);
    } catch (error) {
      expected = error instanceof FileProblemsError ? error.problems : [error as FileError];
    }
    expect(expected.map((problem) => problem.message).sort()).toEqual([expect.stringMatching(/^title must be a string/),
      expect.stringMatching(/^unknown attribute "nope"/), expect.stringMatching(/^views must be an integer/)]);
    const { cms } = await start(root, false);
    const reported = cms.problems().filter((problem) => problem.file === file);
    const where = (list: FileError[]) => list.map(({ message, line, column }) => ({ message, line, column }));
    expect(where(reported.flatMap((problem) => (problem instanceof FileProblemsError ? problem.problems : [problem])))).toEqual(where(expected));
  });
});
