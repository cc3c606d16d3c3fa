import { describe, expect, it } from 'vitest';
// The studio's change-request addresses and words are plain code (no DOM, no request): tested here in Node.
// @ts-expect-error: a browser ES module without type declarations
import { branchOf, href, link, onBranch, pageOf, parseHash, previewOn } from '../../studio/router.js';
// @ts-expect-error: a browser ES module without type declarations
import { conflictWords, fieldNames, mayMerge, mayWrite, siteOf, suggestedName } from '../../studio/change-request-words.js';
// @ts-expect-error: a browser ES module without type declarations
import { sameBranch } from '../../studio/form-check.js';

const article = { uid: 'api::article.article', kind: 'collectionType', pluralName: 'articles', singularName: 'article',
  displayName: 'Article', actions: ['find', 'findOne', 'create', 'update', 'delete'] };
const global = { uid: 'api::global.global', kind: 'singleType', pluralName: 'globals', singularName: 'global',
  displayName: 'Global', actions: ['find', 'findOne'] };
const changed = (apiName: string, change: string) => ({ type: apiName, apiName, documentId: 'd1', title: 'Pizza', change, fields: [] });

describe('the studio\'s address names the change request', () => {
  it.each([
    ['#/t/articles/abc?locale=fr', { branch: undefined, section: 't', type: 'articles', documentId: 'abc', params: { locale: 'fr' } }],
    ['#/cr/spring/t/articles/abc?locale=fr',
      { branch: 'spring', section: 't', type: 'articles', documentId: 'abc', params: { locale: 'fr' } }],
    ['#/cr/edits%2Fspring/git?document=articles%2Fabc', { branch: 'edits/spring', section: 'git', type: undefined, documentId: undefined,
      params: { document: 'articles/abc' } }],
    ['#/cr/spring', { branch: 'spring', section: '', type: undefined, documentId: undefined, params: {} }],
    ['#/cr/spring/', { branch: 'spring', section: '', type: undefined, documentId: undefined, params: {} }],
    ['', { branch: undefined, section: '', type: undefined, documentId: undefined, params: {} }],
  ])('parses %s', (hash, route) => {
    expect(parseHash(hash)).toEqual(route);
  });

  it('builds every page on a branch, a name with a slash as one segment, and none for the Published site', () => {
    expect(link('#/git', 'edits/spring')).toBe('#/cr/edits%2Fspring/git');
    expect(link('#/', 'spring')).toBe('#/cr/spring');
    expect(link('#/git', undefined)).toBe('#/git');
    expect(link('#/git', null)).toBe('#/git');
    expect(href('articles', 'abc', { locale: 'fr', page: '' }, 'spring')).toBe('#/cr/spring/t/articles/abc?locale=fr');
    expect(href('articles', undefined, {}, null)).toBe('#/t/articles');
    expect(parseHash(href('articles', 'a b', { locale: 'fr' }, 'x/y'))).toMatchObject({ branch: 'x/y', documentId: 'a b' });
  });

  it('moves the same page between the Published site and a change request', () => {
    expect(pageOf('#/cr/spring/t/articles/abc?locale=fr')).toBe('#/t/articles/abc?locale=fr');
    expect(onBranch('autumn', '#/cr/spring/t/articles/abc?locale=fr')).toBe('#/cr/autumn/t/articles/abc?locale=fr');
    expect(onBranch(undefined, '#/cr/spring/t/articles/abc')).toBe('#/t/articles/abc');
    expect(onBranch('spring', '#/t/articles')).toBe('#/cr/spring/t/articles');
    expect(branchOf('#/t/articles')).toBeUndefined();
  });

  it('keeps the tab\'s change request in links by default, and leaves it for the Published site when told', () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'location');
    Object.defineProperty(globalThis, 'location', { value: { hash: '#/cr/spring/t/articles/abc?locale=fr' }, configurable: true });
    try {
      expect(branchOf()).toBe('spring');
      expect(link('#/git')).toBe('#/cr/spring/git');
      expect(href('articles', 'x')).toBe('#/cr/spring/t/articles/x');
      expect(href('articles', 'x', {}, null)).toBe('#/t/articles/x');
      expect(onBranch(undefined)).toBe('#/t/articles/abc?locale=fr');
      expect(onBranch('autumn')).toBe('#/cr/autumn/t/articles/abc?locale=fr');
    } finally {
      if (saved) Object.defineProperty(globalThis, 'location', saved);
      else delete (globalThis as { location?: unknown }).location;
    }
  });

  it('puts the branch in a preview URL once, and leaves the Published site\'s as the server made it', () => {
    expect(previewOn('https://site.example/preview?secret=s&url=%2Fa', 'edits/spring'))
      .toBe('https://site.example/preview?secret=s&url=%2Fa&cms-branch=edits%2Fspring');
    expect(previewOn('https://site.example/p?cms-branch=x', 'x')).toBe('https://site.example/p?cms-branch=x');
    expect(previewOn('https://site.example/p', null)).toBe('https://site.example/p');
    expect(previewOn(undefined, 'x')).toBeNull();
  });

  it('takes a version read on one branch as news only for a form on that branch', () => {
    expect(sameBranch(undefined, null)).toBe(true);
    expect(sameBranch('a', 'a')).toBe(true);
    expect(sameBranch('a', 'b')).toBe(false);
    expect(sameBranch(undefined, 'a')).toBe(false);
    expect(sameBranch('a', null)).toBe(false);
  });
});

describe('change requests in editors\' words', () => {
  it('offers Merge to a credential that may publish every type a change request changes, and to nobody else', () => {
    const models = [article, global];
    expect(mayMerge({ documents: [changed('articles', 'changed'), changed('articles', 'added')] }, models, false)).toBe(true);
    expect(mayMerge({ documents: [changed('articles', 'changed'), changed('global', 'changed')] }, models, false)).toBe(false);
    expect(mayMerge({ documents: [changed('categories', 'changed')] }, models, true)).toBe(false); // a type it may not read
    expect(mayMerge({ documents: [] }, models, false)).toBe(false);
    expect(mayMerge({ documents: [] }, models, true)).toBe(true);
    const reader = { ...article, actions: ['find', 'findOne', 'update'] };
    expect(mayMerge({ documents: [changed('articles', 'deleted')] }, [reader], false)).toBe(false);
    expect(mayMerge({ mayMerge: false, documents: [changed('articles', 'changed')] }, models, true)).toBe(false); // the server's word wins
  });

  it('lets only a credential that may write content start one', () => {
    expect(mayWrite([article, global])).toBe(true);
    expect(mayWrite([global])).toBe(false);
  });

  it('names a conflict by its document and field, as the change request lists them', () => {
    const changeRequest = { documents: [{ ...changed('articles', 'changed'), type: 'Article', title: 'Pizza napoletana' }] };
    expect(conflictWords({ file: 'content/articles/d1.json', type: 'api::article.article', documentId: 'd1', field: 'title' },
      changeRequest, [article])).toBe('Article “Pizza napoletana”: title was changed here and on the Published site');
    expect(conflictWords({ file: 'content/articles/zz.json', type: 'api::article.article', documentId: 'zz', field: 'body' },
      { documents: [] }, [article])).toBe('Article “zz”: body was changed here and on the Published site');
    expect(conflictWords({ file: 'content/articles/d1.json', type: 'api::article.article', documentId: 'd1', field: null,
      reason: 'modify/delete' }, changeRequest, [article])).toBe('Article “Pizza napoletana”: changed on one side and deleted on the other');
    expect(conflictWords({ file: 'schemas/api/article/schema.json', type: null, documentId: null, field: null, reason: 'contents' },
      changeRequest, [article])).toBe('File schemas/api/article/schema.json: changed here and on the Published site');
  });

  it('names the hosting site of a pull request page, and field changes told either way', () => {
    expect(siteOf('https://github.com/o/r/compare/main...x?expand=1')).toBe('GitHub');
    expect(siteOf('https://gitea.example.com/o/r/compare/main...x')).toBe('the hosting site');
    expect(fieldNames(['title', { field: 'body', before: 'a', after: 'b' }])).toEqual(['title', 'body']);
    expect(suggestedName()).toMatch(/^edits\/\d{4}-\d\d-\d\d-[a-z0-9]{1,4}$/);
  });
});
