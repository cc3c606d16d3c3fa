import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, startApp } from '../helpers/project.js';

// POST /admin/api/merge: the studio's open form merged with a version saved elsewhere, by the core's merge.
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const p = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const ARTICLE = 'api::article.article';

async function site() {
  const app = await startApp(copySampleSite(), { env: TEST_ENV });
  const full = (await app.cms.auth.tokens.create({ name: 'all', type: 'full-access' })).accessKey;
  const reader = (await app.cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
  const merge = (body: unknown, key = full) => app.sendJson('POST', '/admin/api/merge', body, bearer(key));
  return { app, reader, merge };
}

describe('the studio\'s merge route', () => {
  it('merges a blocks field paragraph by paragraph and names only the paragraph both changed, with both full texts', async () => {
    const { merge } = await site();
    const long = `${'A very long paragraph that goes on and on. '.repeat(5)}`;
    const base = { title: 'T', body: [p('one'), p('two'), p(long)], views: 1 };
    const mine = { title: 'T', body: [p('one, mine'), p('two'), p(`${long}Mine at the end.`)], views: 1 };
    const theirs = { title: 'T', body: [p('one'), p('two, theirs'), p(`${long}Theirs at the end.`)], views: 2 };
    const { status, body } = await merge({ contentType: ARTICLE, base, mine, theirs });
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { name: 'body', value: [p('one, mine'), p('two, theirs'), null], conflicts: [
        { path: [2], mine: [p(`${long}Mine at the end.`)], theirs: [p(`${long}Theirs at the end.`)], span: true },
      ] },
      { name: 'views', value: 2, conflicts: [] },
    ]);
  });

  it('merges a dynamic zone entry by entry and leaves out fields the form already matches', async () => {
    const { merge } = await site();
    const quote = { __component: 'shared.quote', title: 'Q', body: 'B' };
    const base = { title: 'T', blocks: [quote] };
    const mine = { title: 'Same', blocks: [{ ...quote, title: 'Q mine' }] };
    const theirs = { title: 'Same', blocks: [{ ...quote, body: 'B theirs' }] };
    const { body } = await merge({ contentType: ARTICLE, base, mine, theirs });
    expect(body.data).toEqual([{ name: 'blocks', value: [{ ...quote, title: 'Q mine', body: 'B theirs' }], conflicts: [] }]);
  });

  it('asks for a credential that may write the type, a known type and three objects', async () => {
    const { app, merge, reader } = await site();
    const body = { contentType: ARTICLE, base: {}, mine: {}, theirs: {} };
    expect((await app.sendJson('POST', '/admin/api/merge', body)).status).toBe(401);
    expect((await merge(body, reader)).status).toBe(403);
    const unknown = await merge({ ...body, contentType: 'api::nope.nope' });
    expect([unknown.status, unknown.body.error.message]).toEqual([400, 'Unknown content type "api::nope.nope"']);
    const notObjects = await merge({ ...body, mine: [] });
    expect([notObjects.status, notObjects.body.error.message]).toEqual([400, 'Expected "base", "mine" and "theirs" to be objects of fields']);
    expect((await app.request('/admin/api/merge')).status).toBe(405);
  });
});

describe('the studio\'s merge route turns anonymous callers away first', () => {
  it('answers 401 to an anonymous request without reading its body, even one that never ends', async () => {
    const { app } = await site();
    let bodyRead!: () => void;
    const read = new Promise<'body read'>((resolve) => { bodyRead = () => resolve('body read'); });
    // A body that never ends: each pull hands out more JSON, none closes it.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) { bodyRead(); controller.enqueue(new TextEncoder().encode('{"contentType":"x","base":[')); },
    }, { highWaterMark: 0 });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: endless, duplex: 'half' } as RequestInit;
    const answered = app.request('/admin/api/merge', init).then((response) => response.status);
    expect(await Promise.race([answered, read])).toBe(401);
  });
});
