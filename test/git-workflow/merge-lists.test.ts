import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeContentFile } from '../../core/git/merge-content.js';
import { loadModels } from '../../core/schema/registry.js';
import { serializeDocument } from '../../core/storage/serialize.js';
import { makeProject } from '../helpers/project.js';
import { git, initRepo, readText, writeStages, writeText } from './helpers.js';
import { merge, NOTE_SCHEMAS, seed, T0 } from './note-model.js';

/**
 * Lists (a repeatable component, relation ids) in the merge-safe layout under a plain `git merge`: edits of different entries
 * merge, two appends are one conflict at the list's end, which the merge driver resolves keeping both.
 */
describe('lists under a plain git merge', () => {
  /** One document edited on two branches by rewriting its file through the serializer; the merge's conflicting files. */
  async function mergeLists(ext: 'json' | 'yaml', edit: (data: Record<string, any>, branch: 'a' | 'b') => void) {
    const root = makeProject({ ...NOTE_SCHEMAS, 'cms.config.json': { locales: ['en', 'fr'] } });
    const models = loadModels(root);
    const model = models.get('api::note.note')!;
    const file = `content/notes/list.${ext}`;
    const base = () => ({ ...seed(1, 'en'), blocks: [1, 2, 3].map((at) => ({ title: `Quote ${at}`, body: `Said ${at}` })),
      related: ['n1', 'n2', 'n3', 'n4'] });
    const write = (data: Record<string, unknown>) => writeText(root, file, serializeDocument(models, model, file, { data, createdAt: T0,
      publishedAt: undefined }));
    write(base());
    initRepo(root);
    for (const branch of ['a', 'b'] as const) {
      git(root, 'checkout', '--quiet', '-B', branch, 'main');
      const data = base();
      edit(data, branch);
      write(data);
      git(root, 'commit', '--quiet', '--all', '-m', `Edit on ${branch}`);
    }
    const conflicts = merge(root, 'a');
    const text = readText(root, file)!;
    const driver = async () => {
      const [stages] = writeStages(root, [file]);
      const left = await mergeContentFile({ ...stages, path: file, cwd: root });
      return { left, text: readFileSync(stages.ours, 'utf8') };
    };
    return { conflicts, blocks: text.match(/^<<<<<<< /gm)?.length ?? 0, driver };
  }

  it.each(['json', 'yaml'] as const)('%s: edits of different entries merge (component entries, relation ids apart)', async (ext) => {
    const result = await mergeLists(ext, (data, branch) => {
      // Neighbours: two fields of one entry, the last field of an entry against the first of the next.
      if (branch === 'a') { data.blocks[0].title = 'First on a'; data.blocks[1].body = 'Second on a'; data.related[0] = 'm1'; }
      else { data.blocks[0].body = 'First on b'; data.blocks[2].title = 'Third on b'; data.related[2] = 'm3'; }
    });
    expect(result.conflicts).toEqual([]);
  });

  it.each(['json', 'yaml'] as const)('%s: both branches appending to a list is one conflict, at the list\'s end; the driver keeps both',
    async (ext) => {
    const result = await mergeLists(ext, (data, branch) => { data.blocks.push({ title: `Added on ${branch}`, body: 'x' }); });
    expect(result.conflicts).toEqual([`content/notes/list.${ext}`]);
    expect(result.blocks).toBe(1);
    const driven = await result.driver();
    expect(driven.left).toBe(0);
    expect(driven.text.indexOf('Added on b')).toBeLessThan(driven.text.indexOf('Added on a')); // ours (b) first, then theirs
    const relations = await mergeLists(ext, (data, branch) => { data.related.push(`from-${branch}`); });
    expect(relations.blocks).toBe(1);
    const merged = await relations.driver();
    expect(merged.left).toBe(0);
    expect(merged.text).toContain('from-a');
  });
});
