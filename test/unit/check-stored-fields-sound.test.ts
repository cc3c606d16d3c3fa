import { describe, expect, it } from 'vitest';
import { checkStoredFields } from '../../core/schema/check-value.js';
import { loadModels } from '../../core/schema/registry.js';
import { REPO_ROOT } from '../helpers/project.js';

const models = loadModels(REPO_ROOT);
const article = models.get('api::article.article')!;
const tag = models.get('api::tag.tag')!;
const category = models.get('api::category.category')!;

/** A sound article touching every kind of field the check walks: scalars, relations, media, blocks, a zone, a component. */
const soundArticle = () => ({
  title: 'Hi', description: 'd', slug: 'hi-there', cover: 'abcdefghijklmnopqrstuvwx', author: 'a1', category: null, tags: ['t1', 't2'],
  body: [
    { type: 'paragraph', children: [{ type: 'text', text: 'x', bold: true }, { type: 'link', url: 'https://a.b', children: [{ type: 'text', text: 'l' }] }] },
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'h' }] },
    { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'i' }] }] },
    { type: 'code', language: null, children: [{ type: 'text', text: 'c' }] },
  ],
  blocks: [{ __component: 'shared.quote', title: 't', body: 'b' }, { __component: 'shared.rich-text', body: '## x' }],
  seo: { metaTitle: 'm', metaDescription: 'd', metaSocial: [{ socialNetwork: 'Twitter', title: 't', description: 'd' }] },
  views: 3, featured: false, publishDate: '2024-02-29', readingTime: 1.5,
});

/** One fault each, deep or shallow: every one must still be reported, at its place (the sound pass may not let one by). */
const faults: [string, (data: ReturnType<typeof soundArticle>) => void, string][] = [
  ['a scalar of the wrong type', (d) => { (d as Record<string, unknown>).views = 1.5; }, 'views'],
  ['an impossible date', (d) => { d.publishDate = '2024-13-01'; }, 'publishDate'],
  ['a to-many relation that is not a list', (d) => { (d as Record<string, unknown>).tags = 't1'; }, 'tags'],
  ['a to-one relation that is a number', (d) => { (d as Record<string, unknown>).author = 4; }, 'author'],
  ['a single media that is a list', (d) => { (d as Record<string, unknown>).cover = ['x']; }, 'cover'],
  ['an unknown field', (d) => { (d as Record<string, unknown>).nope = 1; }, 'nope'],
  ['a text node without text, three levels down', (d) => { (d.body[0].children![1] as Record<string, unknown>).children = [{ type: 'text' }]; }, 'body.0.children.1.children.0.text'],
  ['a heading level out of range', (d) => { d.body[1].level = 7; }, 'body.1.level'],
  ['an empty list', (d) => { d.body[2].children = []; }, 'body.2.children'],
  ['a link to a javascript: url', (d) => { d.body[0].children![1].url = 'javascript:alert(1)'; }, 'body.0.children.1.url'],
  ['a block node that is a string', (d) => { (d.body as unknown[])[3] = 'code'; }, 'body.3'],
  ['a zone item of no component', (d) => { d.blocks[1].__component = 'shared.nowhere'; }, 'blocks.1'],
  ['a zone item with a wrong field', (d) => { (d.blocks[0] as Record<string, unknown>).title = 2; }, 'blocks.0.title'],
  ['a repeatable component inside a component, wrong field', (d) => { (d.seo.metaSocial[0] as Record<string, unknown>).title = false; }, 'seo.metaSocial.0.title'],
  ['a component that is a list', (d) => { (d as Record<string, unknown>).seo = [d.seo]; }, 'seo'],
  ['an enumeration of a component out of its values', (d) => { d.seo.metaSocial[0].socialNetwork = 'Myspace'; }, 'seo.metaSocial.0.socialNetwork'],
  ['a uid with a space', (d) => { d.slug = 'hi there'; }, 'slug'],
];

describe('checkStoredFields asks a sound pass first, and still reports every fault at its place', () => {
  it('a sound article touching every kind of field has no problem', () => {
    expect(checkStoredFields(soundArticle(), article, models)).toEqual([]);
  });

  it.each(faults)('%s is reported', (_, spoil, path) => {
    const data = soundArticle();
    spoil(data);
    expect(checkStoredFields(data, article, models).map((problem) => problem.path)).toEqual([path]);
  });

  it('system fields skipped by name are not reported, and an unskipped one is', () => {
    const times = { ...soundArticle(), createdAt: '2024-01-01T00:00:00.000Z' };
    expect(checkStoredFields(times, article, models, '', ['createdAt'])).toEqual([]);
    expect(checkStoredFields(times, article, models).map((problem) => problem.path)).toEqual(['createdAt']);
  });

  it('an inverse side may list its owners\' documentIds (or be null), nothing else', () => {
    expect(checkStoredFields({ name: 'n', articles: ['a1'] }, tag, models)).toEqual([]);
    expect(checkStoredFields({ name: 'n', articles: null }, tag, models)).toEqual([]);
    expect(checkStoredFields({ name: 'n', articles: [1] }, tag, models).map((problem) => problem.path)).toEqual(['articles']);
    expect(checkStoredFields({ name: 'n', articles: 'a1' }, category, models).map((problem) => problem.path)).toEqual(['articles']);
  });

  it('an attribute replaced in its model is judged by its new rules, not the check made for the one before', () => {
    // user-extension.ts swaps a relation's side in place; a model of its own here, so the shared one stays as it is
    const own = loadModels(REPO_ROOT).get('api::article.article')!;
    expect(checkStoredFields({ ...soundArticle(), author: 'a1' }, own, models)).toEqual([]);
    const { inversedBy: _owner, ...author } = own.attributes.author;
    own.attributes.author = { ...author, mappedBy: 'articles' };
    expect(checkStoredFields({ ...soundArticle(), author: 'a1' }, own, models).map((problem) => problem.path)).toEqual(['author']);
  });
});
