import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/load.js';
import { contentFilePath, layoutOf, parseContentPath, shardOf } from '../../core/index/content-path.js';
import type { FileName } from '../../core/index/file-name.js';
import { modelForPath } from '../../core/index/load.js';
import { loadModels } from '../../core/schema/registry.js';
import { makeProject } from '../helpers/project.js';

const name = (documentId: string, locale?: string, draft = false, ext = '.json'): FileName => ({ documentId, locale, draft, ext });

describe('content paths (content/<type>/[<xx>/]<file>)', () => {
  it.each([
    ['flat', name('abc123'), 'content/articles/abc123.json'],
    ['flat', name('abc123', 'fr', true, '.yaml'), 'content/articles/abc123.fr.draft.yaml'],
    ['fan-out', name('abc123'), 'content/articles/ab/abc123.json'],
    ['fan-out', name('abc123', 'fr', true, '.md'), 'content/articles/ab/abc123.fr.draft.md'],
    ['fan-out', name('x'), 'content/articles/x/x.json'],
  ] as const)('maps a %s file %o to %s and back', (layout, file, path) => {
    expect(contentFilePath('articles', layout, file)).toBe(path);
    expect(parseContentPath(path)).toEqual({ folder: 'articles', layout, name: file });
  });

  it('shards by the first two characters of the documentId', () => {
    expect(shardOf('jfsgk21o4wtsoknlvf65xsrj')).toBe('jf');
  });

  it.each([
    ['a sub-folder its id does not start with', 'content/articles/zz/abc123.json'],
    ['a path two folders deep', 'content/articles/ab/cd/abc123.json'],
    ['a path outside content/', 'schemas/articles/abc123.json'],
    ['the content folder itself', 'content/abc123.json'],
  ])('reads %s as no content path', (_what, path) => {
    expect(parseContentPath(path)).toBeUndefined();
  });

  const root = makeProject({
    'schemas/article.json': {
      kind: 'collectionType', collectionName: 'articles', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
      attributes: { title: { type: 'string' } },
    },
    'schemas/tag.json': {
      kind: 'collectionType', collectionName: 'tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
      attributes: { name: { type: 'string' } },
    },
    'cms.config.json': { content: { layout: { articles: 'fan-out' } } },
  });

  it('gives each type the layout the project sets, flat by default', async () => {
    const models = loadModels(root);
    const config = await loadConfig(root);
    expect(layoutOf(config, models.get('api::article.article')!)).toBe('fan-out');
    expect(layoutOf(config, models.get('api::tag.tag')!)).toBe('flat');
  });

  it('finds the type of a file in either layout, and of no misplaced file', () => {
    const models = loadModels(root);
    expect(modelForPath(models, 'content/articles/ab/abc123.json')?.uid).toBe('api::article.article');
    expect(modelForPath(models, 'content/articles/abc123.json')?.uid).toBe('api::article.article');
    expect(modelForPath(models, 'content/tags/ab/abc123.json')?.uid).toBe('api::tag.tag');
    expect(modelForPath(models, 'content/articles/zz/abc123.json')).toBeUndefined();
  });

  it('rejects a layout that is neither flat nor fan-out', async () => {
    const bad = makeProject({ 'cms.config.json': { content: { layout: { articles: 'sharded' } } } });
    await expect(loadConfig(bad)).rejects.toThrow(/content\.layout must map type folders/);
  });
});
