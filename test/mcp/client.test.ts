import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connect, mcpProject, serve, token, type McpSite } from './mcp-site.js';

const ARTICLE_TOOLS = ['list_article', 'get_article', 'create_article', 'update_article', 'delete_article', 'publish_article',
  'unpublish_article', 'discard_article_draft'];
const CATEGORY_TOOLS = ['list_category', 'get_category', 'create_category', 'update_category', 'delete_category'];
const GLOBAL_TOOLS = ['get_global', 'write_global', 'delete_global'];

const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as { structuredContent?: any; content: Array<{ text: string }>; isError?: boolean };
const post = (site: McpSite, body: unknown, headers: Record<string, string> = {}, method = 'POST') => fetch(`${site.url}/mcp`, {
  method, body: method === 'GET' ? undefined : JSON.stringify(body),
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
});
const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('/mcp through the SDK\'s own client (Client + StreamableHTTPClientTransport)', () => {
  let site: McpSite;
  const keys: Record<string, string> = {};
  let studioJwt = '';
  let readerJwt = '';
  beforeAll(async () => {
    // The Authenticated role may write articles: its accounts are studio editors; a Public-role account may not write.
    site = await serve(mcpProject({}, {}, { permissions: { authenticated: { articles: ['find', 'findOne', 'create', 'update'] } } }));
    const { cms } = site;
    keys.full = await token(cms, 'agent', 'full-access');
    keys.read = await token(cms, 'reader', 'read-only');
    keys.custom = await token(cms, 'drafter', 'custom', ['api::article.article.find', 'api::article.article.create']);
    const editor = await cms.auth.users.add({ username: 'ed', email: 'ed@example.com', password: 'Passw0rd!' });
    studioJwt = cms.auth.issueJwt(editor);
    const visitor = await cms.auth.users.add({ username: 'vi', email: 'vi@example.com', password: 'Passw0rd!' });
    await cms.auth.store.editUser(visitor.id, (user: { role: string }) => { user.role = 'public'; });
    readerJwt = cms.auth.issueJwt(visitor);
  });
  afterAll(async () => site?.close());

  it('tools/list shows each credential exactly the tools its grants allow, in Strapi\'s names and order', async () => {
    const full = await connect(site, keys.full);
    expect(await names(full)).toEqual([...ARTICLE_TOOLS, ...CATEGORY_TOOLS, ...GLOBAL_TOOLS]);
    const read = await connect(site, keys.read);
    expect(await names(read)).toEqual(['list_article', 'get_article', 'list_category', 'get_category', 'get_global']);
    const custom = await connect(site, keys.custom);
    expect(await names(custom)).toEqual(['list_article', 'create_article']);
    const studio = await connect(site, studioJwt);
    expect(await names(studio)).toEqual(['list_article', 'get_article', 'create_article', 'update_article',
      'publish_article', 'unpublish_article', 'discard_article_draft']);
    const tools = (await full.listTools()).tools;
    const create = tools.find((tool) => tool.name === 'create_article')!;
    expect(create.title).toBe('Content: article — create');
    expect(create.description).toBe('Content-manager create for api::article.article.');
    expect(Object.keys((create.inputSchema.properties as any).data.properties)).toEqual(['title', 'views', 'category']);
    expect((create.inputSchema.properties as any).data.required).toEqual(['title']);
    for (const client of [full, read, custom, studio]) await client.close();
  });

  it('no credential, a bad one, and an account that may not manage content get Strapi\'s AUTHENTICATION_REQUIRED', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Bearer ${readerJwt}` }, { authorization: 'Basic x' }]) {
      const response = await post(site, INITIALIZE, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Authentication required' }, id: null });
    }
    await expect(connect(site)).rejects.toThrow();
  });

  it('GET, PUT, PATCH and DELETE /mcp are JSON-RPC METHOD_NOT_ALLOWED with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const response = await post(site, INITIALIZE, { authorization: `Bearer ${keys.full}` }, method);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not allowed' }, id: null });
    }
  });

  it('every collection tool kind: create, get, update, list (filters, sort, paging), publish, unpublish, discard, delete', async () => {
    const agent = await connect(site, keys.full);
    const category = await call(agent, 'create_category', { data: { name: 'News' } });
    const categoryId = category.structuredContent.data.documentId;
    const made = await call(agent, 'create_article', { data: { title: 'First', views: 3, category: categoryId } });
    expect(made.isError).toBeUndefined();
    const id = made.structuredContent.data.documentId;
    expect((await call(agent, 'get_article', { documentId: id })).structuredContent.data.category).toEqual({ documentId: categoryId });
    // a write answers its relations unpopulated, as Strapi's does (recorded: create.post); a read answers their identity
    expect(made.structuredContent.data).toMatchObject({ title: 'First', views: 3, status: 'draft', publishedAt: null, category: null });
    expect(JSON.parse(made.content[0].text)).toEqual(made.structuredContent);
    await call(agent, 'create_article', { data: { title: 'Second', views: 9 } });
    // the same REST write path: the draft is in the REST API's draft view, not published
    expect((await (await fetch(`${site.url}/api/articles/${id}?status=draft`, { headers: { authorization: `Bearer ${keys.full}` } })).json())
      .data.title).toBe('First');
    const updated = await call(agent, 'update_article', { documentId: id, data: { title: 'First, edited' } });
    expect(updated.structuredContent.data.title).toBe('First, edited');
    const page = await call(agent, 'list_article', { filters: { views: { $gt: 1 } }, sort: 'views:desc', pageSize: 1 });
    expect(page.structuredContent.results.map((doc: any) => doc.title)).toEqual(['Second']);
    expect(page.structuredContent.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 2, total: 2 });
    const published = await call(agent, 'publish_article', { documentId: id });
    expect(published.structuredContent.data).toMatchObject({ title: 'First, edited', status: 'published' });
    expect((await fetch(`${site.url}/api/articles/${id}`, { headers: { authorization: `Bearer ${keys.full}` } })).status).toBe(200);
    await call(agent, 'update_article', { documentId: id, data: { title: 'Draft change' } });
    const got = await call(agent, 'get_article', { documentId: id });
    expect(got.structuredContent.data).toMatchObject({ title: 'Draft change', status: 'modified' });
    expect(got.structuredContent.meta.availableStatus).toHaveLength(1);
    const discarded = await call(agent, 'discard_article_draft', { documentId: id });
    expect(discarded.structuredContent.data.title).toBe('First, edited');
    const unpublished = await call(agent, 'unpublish_article', { documentId: id });
    // Strapi's unpublish answers the published version it removed, the draft left as its availableStatus (recorded: unpublish.post)
    expect(unpublished.structuredContent.data).toMatchObject({ title: 'First, edited', status: 'published' });
    expect(unpublished.structuredContent.meta.availableStatus).toMatchObject([{ publishedAt: null }]);
    expect((await fetch(`${site.url}/api/articles/${id}`, { headers: { authorization: `Bearer ${keys.full}` } })).status).toBe(404);
    expect((await call(agent, 'delete_article', { documentId: id })).structuredContent).toEqual({ data: {} });
    const gone = await call(agent, 'get_article', { documentId: id });
    expect(gone).toMatchObject({ isError: true, content: [{ text: 'Tool "get_article" execution failed: Document not found.' }] });
    await agent.close();
  });

  it('a single type: write creates then updates it, get answers it, delete removes it', async () => {
    const agent = await connect(site, keys.full);
    expect((await call(agent, 'write_global', { data: { siteName: 'Acme' } })).structuredContent.data.siteName).toBe('Acme');
    expect((await call(agent, 'write_global', { data: { siteName: 'Acme Inc' } })).structuredContent.data.siteName).toBe('Acme Inc');
    expect((await call(agent, 'get_global')).structuredContent.data.siteName).toBe('Acme Inc');
    expect((await call(agent, 'delete_global')).structuredContent).toEqual({ data: {} });
    expect((await call(agent, 'get_global')).isError).toBe(true);
    await agent.close();
  });

  it('errors: arguments outside the schema, a write REST refuses, and a tool the credential may not use', async () => {
    const agent = await connect(site, keys.full);
    const unknownField = await call(agent, 'create_article', { data: { title: 'x', secret: 1 } });
    expect(unknownField.isError).toBe(true);
    expect(unknownField.content[0].text).toMatch(/Input validation error/);
    // a relation to a document that does not exist: the REST write path's own ValidationError
    const missing = await call(agent, 'create_article', { data: { title: 'x', category: 'nosuchdocument0000000000' } });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/^Tool "create_article" execution failed: /);
    const reader = await connect(site, keys.read);
    // a tool the credential may not use is disabled, as Strapi's session sync leaves it: the SDK's own protocol error
    await expect(call(reader, 'create_article', { data: { title: 'x' } })).rejects.toThrow('Tool create_article disabled');
    const drafter = await connect(site, keys.custom);
    await expect(call(drafter, 'get_article', { documentId: 'x' })).rejects.toThrow('Tool get_article disabled');
    for (const client of [agent, reader, drafter]) await client.close();
  });
});
