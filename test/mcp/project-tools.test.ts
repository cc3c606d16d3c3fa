import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectCode } from '../../core/extensions/start.js';
import { createCms } from '../../core/cms.js';
import { connect, mcpProject, onPort, TEST_ENV, token, type McpSite } from './mcp-site.js';

/** A project whose register() adds a tool, as a Strapi project does (zod from @strapi/utils, ai.mcp.defineTool). */
const INDEX = `const { z } = require('@strapi/utils');
const { ai } = require('@strapi/strapi');
const countArticles = ai.mcp.defineTool({
  name: 'count_articles',
  title: 'Count articles',
  description: 'Counts the articles whose title contains a word',
  auth: { policies: [{ action: 'plugin::content-manager.explorer.read', subject: 'api::article.article' }] },
  resolveInputSchema: () => z.object({ word: z.string().describe('A word of the title') }),
  resolveOutputSchema: () => z.object({ count: z.number() }),
  createHandler: (strapi, context) => async ({ args }) => {
    const count = await strapi.documents('api::article.article').count({ filters: { title: { $containsi: args.word } }, status: 'draft' });
    return { content: [{ type: 'text', text: String(count) }], structuredContent: { count } };
  },
});
module.exports = {
  register({ strapi }) {
    strapi.ai.mcp.registerTool(countArticles);
    strapi.ai.mcp.registerTool({
      name: 'site_settings', description: 'Only for a credential that may do everything',
      auth: { policies: [{ action: 'admin::project-settings.read' }] },
      createHandler: () => async () => { throw new Error('boom'); },
    });
  },
  bootstrap() {},
};
`;

describe('project tools: strapi.ai.mcp.registerTool in register()', () => {
  let site: McpSite;
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    const root = mcpProject({}, { 'src/index.js': INDEX });
    const cms = await createCms({ root, report: () => {}, env: TEST_ENV });
    await startProjectCode(cms);
    site = await onPort(cms);
    keys.full = await token(cms, 'agent', 'full-access');
    keys.categories = await token(cms, 'cats', 'custom', ['api::category.category.find']);
    await cms.documents('api::article.article').create({ data: { title: 'Hello world' } });
  });
  afterAll(async () => site?.close());

  it('lists the tool after the derived ones for a credential its auth policies allow, and runs it', async () => {
    const agent = await connect(site, keys.full);
    const tools = (await agent.listTools()).tools;
    expect(tools.slice(-2).map((tool) => tool.name)).toEqual(['count_articles', 'site_settings']);
    expect(tools.find((tool) => tool.name === 'count_articles')!.inputSchema.properties).toEqual({
      word: { type: 'string', description: 'A word of the title' },
    });
    expect((await agent.callTool({ name: 'count_articles', arguments: { word: 'WORLD' } })).structuredContent).toEqual({ count: 1 });
    // a tool that throws answers a tool error naming it, never a stack
    expect(await agent.callTool({ name: 'site_settings', arguments: {} })).toMatchObject({
      isError: true, content: [{ type: 'text', text: 'Tool "site_settings" execution failed: boom' }],
    });
    await agent.close();
  });

  it('hides it from a credential its policies do not allow', async () => {
    const cats = await connect(site, keys.categories);
    expect((await cats.listTools()).tools.map((tool) => tool.name)).toEqual(['list_category']);
    await cats.close();
  });

  it('refuses a tool registered after /mcp has answered, and a second tool of the same name', async () => {
    const api = (globalThis as { strapi?: any }).strapi.ai.mcp;
    expect(() => api.registerTool({ name: 'late', createHandler: () => async () => ({ content: [] }) }))
      .toThrow('[MCP] Cannot register tools after the MCP server has started.');
  });
});
