import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { writesIndependent } from '../../core/replication/independent-writes.js';
import { makeProject } from '../helpers/project.js';

const type = (singularName: string, pluralName: string, attributes: Record<string, unknown>) =>
  ({ kind: 'collectionType', info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish: false },
    attributes });
const note = (title: string, slug: string) => `${JSON.stringify({ title, slug, createdAt: '2025-01-01T00:00:00.000Z' }, null, 2)}\n`;

/** Notes (a uid), tags (a plain string) and posts (a relation to notes), each with files already indexed. */
async function project() {
  const root = makeProject({
    'schemas/note.json': type('note', 'notes', { title: { type: 'string' }, slug: { type: 'uid', targetField: 'title' } }),
    'schemas/tag.json': type('tag', 'tags', { name: { type: 'string' } }),
    'schemas/post.json': type('post', 'posts', { title: { type: 'string' },
      note: { type: 'relation', relation: 'manyToOne', target: 'api::note.note' } }),
    'cms.config.json': {},
    'content/notes/mine.json': note('Mine', 'mine'),
    'content/notes/theirs.json': note('Theirs', 'theirs'),
    'content/notes/taken.json': note('Taken', 'mine'),
    'content/tags/mine.json': '{\n  "name": "Mine"\n}\n',
    'content/tags/theirs.json': '{\n  "name": "Theirs"\n}\n',
    'content/posts/mine.json': '{\n  "title": "Mine"\n}\n',
  });
  return (await createCms({ root, report: () => {} })).index;
}

const changed = (file: string, removed = false) => ({ file, removed });

describe('writesIndependent: which waiting writes a lost push race may carry over without running them again', () => {
  it.each([
    ['another document of a type without uid or unique values', ['content/tags/mine.json'], [changed('content/tags/theirs.json')], true],
    ['another type with no link to ours', ['content/tags/mine.json'], [changed('content/notes/theirs.json')], true],
    ['the same file', ['content/tags/mine.json'], [changed('content/tags/mine.json')], false],
    ['a locale or draft file of the same document', ['content/tags/mine.json'], [changed('content/tags/mine.draft.json')], false],
    ['a deleted document (a relation of ours may name it)', ['content/tags/mine.json'], [changed('content/tags/theirs.json', true)], false],
    ['a type ours reads through a relation', ['content/posts/mine.json'], [changed('content/notes/theirs.json')], false],
    ['a schema or config file', ['content/tags/mine.json'], [changed('schemas/tag.json')], false],
    ['a file of ours outside content/', ['public/uploads/x.png'], [changed('content/tags/theirs.json')], false],
    ['a uid of ours that their document now holds too', ['content/notes/mine.json'], [changed('content/notes/taken.json')], false],
    ['a uid of ours no other document holds', ['content/notes/theirs.json'], [changed('content/notes/mine.json')], true],
  ])('%s → %s', async (_case, ours, theirs, expected) => {
    expect(writesIndependent(await project(), ours, theirs)).toBe(expected);
  });
});
