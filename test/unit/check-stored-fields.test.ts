import { describe, expect, it } from 'vitest';
import { checkStoredFields } from '../../core/schema/check-value.js';
import { loadModels } from '../../core/schema/registry.js';
import { REPO_ROOT } from '../helpers/project.js';

const models = loadModels(REPO_ROOT);
const article = models.get('api::article.article')!;

describe('checkStoredFields names each problem of a stored file at its path, all in one list in field order', () => {
  it('a clean article has no problem', () => {
    expect(checkStoredFields({ title: 'Hi', views: 3, seo: { metaTitle: 'x', metaSocial: [] }, blocks: [] }, article, models)).toEqual([]);
  });

  it('top-level fields, a component, a repeatable component inside it, a zone item and a blocks node', () => {
    const problems = checkStoredFields({
      title: 7,
      nope: true,
      seo: { metaTitle: 1, metaSocial: [{ title: 'ok' }, { title: false }] },
      blocks: [{ __component: 'shared.quote', title: 2 }, { __component: 'shared.nowhere' }],
      body: [{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }, { type: 'nonsense' }],
      views: 1.5,
    }, article, models);
    expect(problems.map(({ path }) => path)).toEqual([
      'title', 'nope', 'seo.metaTitle', 'seo.metaSocial.1.title', 'blocks.0.title', 'blocks.1', expect.stringMatching(/^body\.1/), 'views',
    ]);
    expect(problems[0].message).toBe('title must be a string');
    expect(problems[1].message).toBe('unknown attribute "nope" (not in api::article.article)');
    expect(problems[3].message).toBe('seo.metaSocial.1.title must be a string');
    expect(problems[7].message).toBe('views must be an integer');
  });

  it('a repeatable component that is not a list, and a zone that is not a list, are named at the field', () => {
    const seo = models.get('shared.seo')!;
    expect(checkStoredFields({ metaSocial: { title: 'x' } }, seo, models, 'seo.'))
      .toEqual([{ path: 'seo.metaSocial', message: 'must be a list of components' }]);
    expect(checkStoredFields({ blocks: {} }, article, models)).toEqual([{ path: 'blocks', message: 'must be a list of components' }]);
  });
});
