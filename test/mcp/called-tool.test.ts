// A `tools/call` registers the called tool alone (registering every tool, each one's schemas walked by the SDK, was most
// of a call's cost), and answers as it would with every tool registered: a call, a disabled tool, an unknown one.
// vitest: processes (mcpProject commits the site with git)
import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { calledTool } from '../../core/mcp/mcp-server.js';
import { appRpc, mcpProject, TEST_ENV, token } from './mcp-site.js';

describe('calledTool', () => {
  const names = ['list_article', 'get_article'];
  const call = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });

  it('names the tool of one tools/call whose name a tool has', () => {
    expect(calledTool(call({ name: 'get_article', arguments: {} }), names)).toBe('get_article');
  });

  it('names none for another method, a batch, a name no tool has, or no name', () => {
    expect(calledTool({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, names)).toBeUndefined();
    expect(calledTool([call({ name: 'get_article' })], names)).toBeUndefined();
    expect(calledTool(call({ name: 'list_nothing' }), names)).toBeUndefined();
    expect(calledTool(call({ name: ['get_article'] }), names)).toBeUndefined();
    expect(calledTool(call(null), names)).toBeUndefined();
    expect(calledTool(call('get_article'), names)).toBeUndefined();
    expect(calledTool(null, names)).toBeUndefined();
    expect(calledTool('tools/call', names)).toBeUndefined();
  });
});

describe('a tools/call at /mcp', () => {
  let cms: Cms;
  let app: ReturnType<typeof createApp>;
  const keys = { full: '', read: '' };

  beforeAll(async () => {
    cms = await createCms({ root: mcpProject(), report: () => {}, env: TEST_ENV });
    app = createApp(cms, { log: () => {} });
    keys.full = await token(cms, 'agent', 'full-access');
    keys.read = await token(cms, 'reader', 'read-only');
  });
  afterAll(async () => cms?.close());
  afterEach(() => { vi.restoreAllMocks(); });

  /** One JSON-RPC request: its reply, and the names of the tools registered to answer it. */
  async function rpc(key: string, method: string, params: Record<string, unknown> = {}) {
    const registered: string[] = [];
    const register = McpServer.prototype.registerTool;
    vi.spyOn(McpServer.prototype, 'registerTool').mockImplementation(function (this: McpServer, name: string, ...rest: unknown[]) {
      registered.push(name);
      return (register as (...args: unknown[]) => unknown).call(this, name, ...rest);
    } as never);
    const { reply } = await appRpc(app, key, method, params);
    vi.restoreAllMocks();
    return { reply, registered };
  }

  it('registers only the called tool, and runs it', async () => {
    const { reply, registered } = await rpc(keys.full, 'tools/call', { name: 'create_article', arguments: { data: { title: 'Called' } } });
    expect(registered).toEqual(['create_article']);
    expect(reply.result.isError).toBeUndefined();
    const listed = await rpc(keys.full, 'tools/call', { name: 'list_article', arguments: { status: 'draft' } });
    expect(listed.registered).toEqual(['list_article']);
    expect(JSON.stringify(listed.reply.result.structuredContent)).toContain('"title":"Called"');
  });

  it('answers a tool the credential may not use as disabled, as Strapi does, with that tool alone registered', async () => {
    const { reply, registered } = await rpc(keys.read, 'tools/call', { name: 'create_article', arguments: { data: { title: 'Refused' } } });
    expect(registered).toEqual(['create_article']);
    expect(reply.error).toEqual({ code: -32602, message: 'Tool create_article disabled' });
  });

  it('registers every tool for a name no tool has (Strapi\'s not found) and for tools/list', async () => {
    const unknown = await rpc(keys.full, 'tools/call', { name: 'list_nothing', arguments: {} });
    expect(unknown.reply.error).toEqual({ code: -32602, message: 'Tool list_nothing not found' });
    const listed = await rpc(keys.full, 'tools/list');
    expect(unknown.registered).toEqual(listed.registered);
    expect(listed.registered).toEqual(expect.arrayContaining(['log', 'list_article', 'get_article', 'create_article', 'get_global']));
    expect(listed.reply.result.tools.map((tool: { name: string }) => tool.name)).toContain('list_article');
  });
});

describe('a tools/call where registering every tool fails', () => {
  /** A project whose register() adds `tool`, as a Strapi project does. */
  const project = (tool: string) => mcpProject({}, {
    'src/index.js': `const { z } = require('@strapi/utils');
module.exports = { register({ strapi }) { strapi.ai.mcp.registerTool(${tool}); }, bootstrap() {} };
`,
  });
  const call = async (root: string) => {
    const cms = await createCms({ root, report: () => {}, env: TEST_ENV });
    try {
      await startProjectCode(cms);
      const key = await token(cms, 'agent', 'full-access');
      const response = await createApp(cms, { log: () => {} }).request('/mcp', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_global', arguments: {} } }),
      });
      return { status: response.status, body: await response.json() };
    } finally {
      await cms.close();
    }
  };
  const internal = { status: 500, body: { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null } };

  it('fails a call of another tool, as with every tool registered, when a project tool takes a derived tool\'s name', async () => {
    expect(await call(project(`{ name: 'list_article', description: 'Mine', createHandler: () => async () => ({ content: [] }) }`)))
      .toEqual(internal);
  });

  it('fails a call of another tool, as with every tool registered, when a project tool\'s schema cannot be made', async () => {
    expect(await call(project(`{ name: 'broken', description: 'Broken', resolveInputSchema: () => { throw new Error('no schema'); },
  createHandler: () => async () => ({ content: [] }) }`))).toEqual(internal);
  });
});
