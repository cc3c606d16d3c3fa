// Corners of Strapi 5.54's `/mcp` answers the replay found (test/conformance/mcp/recordings), each proved on a small site of
// its own: `meta.availableLocales` as the Content Manager builds it, the disabled `log` tool, and the OAuth probes' headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpProject, serve, token, type McpSite } from './mcp-site.js';

const localized = (singularName: string, pluralName: string, draftAndPublish: boolean) => ({
  kind: 'collectionType', info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish },
  pluginOptions: { i18n: { localized: true } },
  attributes: {
    title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    rank: { type: 'integer', pluginOptions: { i18n: { localized: false } } },
  },
});

let site: McpSite;
let key = '';
let rpcId = 0;

/** One JSON-RPC call to `/mcp`, its parsed answer. */
async function rpc(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${site.url}/mcp`, {
    method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
  });
  // the answer is one SSE event (the transport streams), its data the JSON-RPC reply
  const text = await response.text();
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data ? data.slice(6) : text) as { result?: { structuredContent?: any; isError?: boolean }; error?: { message: string } };
}
const tool = async (name: string, args: Record<string, unknown>) => (await rpc('tools/call', { name, arguments: args })).result!;

beforeAll(async () => {
  site = await serve(mcpProject({}, {
    'schemas/note.json': localized('note', 'notes', true), 'schemas/term.json': localized('term', 'terms', false),
    'schemas/tag.json': { kind: 'collectionType', info: { singularName: 'tag', pluralName: 'tags' }, attributes: { name: { type: 'string' } } },
    'schemas/home.json': {
      kind: 'singleType', info: { singularName: 'home', pluralName: 'homes' }, options: { draftAndPublish: false },
      attributes: { headline: { type: 'string' }, featured: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag' } },
    },
  }, { locales: ['en', 'fr', 'de'], defaultLocale: 'en' }));
  key = await token(site.cms, 'agent', 'full-access');
});
afterAll(async () => site?.close());

describe('meta.availableLocales as Strapi\'s Content Manager answers it', () => {
  it('a document read in a status it lacks lists every locale, the default first, then as the locales were created', async () => {
    const notes = site.cms.documents('api::note.note');
    // created de, then fr, then en: the configured order (en, fr, de) is not the answer's
    const created = await notes.create({ data: { title: 'Hallo', rank: 1 }, locale: 'de', status: 'draft' });
    await notes.update({ documentId: created.documentId, locale: 'fr', data: { title: 'Salut' }, status: 'draft' });
    await notes.update({ documentId: created.documentId, locale: 'en', data: { title: 'Hello' }, status: 'draft' });
    const missing = await tool('get_note', { documentId: created.documentId, status: 'published' });
    expect(missing.structuredContent.data, JSON.stringify(missing.structuredContent)).toEqual({});
    expect(missing.structuredContent.meta.availableLocales.map(({ locale, status }: any) => [locale, status]))
      .toEqual([['en', 'draft'], ['de', 'draft'], ['fr', 'draft']]);
    const french = await tool('get_note', { documentId: created.documentId, locale: 'fr' });
    expect(french.structuredContent.meta.availableLocales.map(({ locale }: any) => locale)).toEqual(['en', 'de']);
    const asked = await tool('get_note', { documentId: created.documentId, locale: 'fr', status: 'published' });
    expect(asked.structuredContent.meta.availableLocales.map(({ locale }: any) => locale)).toEqual(['en', 'de']);
  });

  it('a type without draft & publish answers each other locale\'s version with no status', async () => {
    const terms = site.cms.documents('api::term.term');
    const created = await terms.create({ data: { title: 'one', rank: 3 }, locale: 'en' });
    await terms.update({ documentId: created.documentId, locale: 'fr', data: { title: 'un' } });
    const answer = await tool('get_term', { documentId: created.documentId });
    const [french] = answer.structuredContent.meta.availableLocales;
    expect(answer.structuredContent.meta.availableLocales).toHaveLength(1);
    expect(french).toMatchObject({ documentId: created.documentId, locale: 'fr', rank: 3 });
    expect(french).not.toHaveProperty('status');
  });
});

describe('write answers', () => {
  it('a single type\'s write names its relations once the document exists (its first write, a create, does not)', async () => {
    const tag = await site.cms.documents('api::tag.tag').create({ data: { name: 'news' } });
    const first = await tool('write_home', { data: { headline: 'One', featured: { connect: [tag.documentId] } } });
    expect(first.structuredContent.data.featured).toEqual([]);
    const second = await tool('write_home', { data: { headline: 'Two' } });
    expect(second.structuredContent.data).toMatchObject({ headline: 'Two', featured: [{ documentId: tag.documentId }] });
  });

  it('a credential that may update but not read a type still gets the discarded draft\'s localizations', async () => {
    const notes = site.cms.documents('api::note.note');
    const created = await notes.create({ data: { title: 'Draft en', rank: 2 }, locale: 'en', status: 'draft' });
    const { documentId } = created;
    await notes.update({ documentId, locale: 'fr', data: { title: 'Brouillon' }, status: 'draft' });
    for (const locale of ['en', 'fr']) expect((await tool('publish_note', { documentId, locale })).isError).toBeUndefined();
    await notes.update({ documentId, locale: 'en', data: { title: 'Changed' }, status: 'draft' });
    const full = key;
    key = await token(site.cms, 'updater', 'custom', ['api::note.note.update']);
    try {
      const discarded = await tool('discard_note_draft', { documentId });
      expect(discarded.structuredContent.data.localizations).toEqual([{ documentId, locale: 'fr', status: 'published' }]);
    } finally {
      key = full;
    }
  });
});

describe('Strapi\'s core tools and probes', () => {
  it('calling the log tool answers Strapi\'s "Tool log disabled" (it is devModeOnly), neither listed nor run', async () => {
    expect((await rpc('tools/list', {})).result).not.toMatchObject({ tools: expect.arrayContaining([expect.objectContaining({ name: 'log' })]) });
    expect((await rpc('tools/call', { name: 'log', arguments: { message: 'hi' } })).error?.message).toBe('Tool log disabled');
    expect((await rpc('tools/call', { name: 'nope', arguments: {} })).error?.message).toBe('Tool nope not found');
  });

  it('POST /register answers the OAuth 404 with koa-router\'s Allow: HEAD, GET, a GET probe none', async () => {
    const register = await fetch(`${site.url}/register`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect([register.status, register.headers.get('allow'), await register.json()])
      .toEqual([404, 'HEAD, GET', { error: 'not_found', error_description: 'OAuth is not supported' }]);
    const probe = await fetch(`${site.url}/.well-known/oauth-authorization-server`);
    expect([probe.status, probe.headers.get('allow')]).toEqual([404, null]);
  });
});
