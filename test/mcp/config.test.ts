// The `mcp` config key: off by default (no /mcp at all), checked like every setting, carried by `cms init --from-strapi`
// from the project's config/server.js, and its bounds (result size) answered as tool errors.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { makeProject, REPO_ROOT, startApp } from '../helpers/project.js';
import { ARTICLE, CATEGORY, GLOBAL, connect, mcpProject, serve, token } from './mcp-site.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'r', version: '1' } },
});
const OWN = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string };

describe('the mcp config key', () => {
  it('serves nothing at /mcp unless mcp.enabled, as Strapi', async () => {
    const site = await startApp(makeProject({ 'schemas/article.json': ARTICLE, 'schemas/category.json': CATEGORY }));
    try {
      expect((await site.request('/mcp', { method: 'POST', body: INITIALIZE, headers: { 'content-type': 'application/json' } })).status)
        .toBe(404);
    } finally {
      await site.cms.close();
    }
  });

  it.each([
    [{ enabled: 'yes' }, 'mcp.enabled must be true or false'],
    [{ branch: 1 }, 'mcp.branch must be true or false'],
    [{ requestTimeoutMs: 0 }, 'mcp.requestTimeoutMs must be a positive integer'],
    [{ maxResultChars: -5 }, 'mcp.maxResultChars must be a positive integer'],
    [{ enabeld: true }, 'mcp.enabeld is not a known setting (did you mean "enabled"?)'],
    ['on', 'mcp must be an object such as { "enabled": true }'],
  ])('refuses %j: %s', async (mcp, message) => {
    await expect(createCms({ root: makeProject({ 'cms.config.json': { mcp } }) })).rejects.toThrow(message);
  });

  it('a result over mcp.maxResultChars is refused whole, naming the limit, and a smaller ask answers', async () => {
    const site = await serve(mcpProject({ maxResultChars: 1500 }));
    try {
      for (const title of ['one', 'two', 'three', 'four', 'five']) {
        await site.cms.documents('api::article.article').create({ data: { title } });
      }
      const agent = await connect(site, await token(site.cms, 'agent', 'full-access'));
      const big = await agent.callTool({ name: 'list_article', arguments: { pageSize: 100 } }) as any;
      expect(big.isError).toBe(true);
      expect(big.content[0].text).toMatch(/^Tool "list_article" execution failed: the result passes this server's limit of 1500 characters \(mcp\.maxResultChars\)/);
      expect((await agent.callTool({ name: 'list_article', arguments: { pageSize: 1 } }) as any).structuredContent.results).toHaveLength(1);
      await agent.close();
    } finally {
      await site.close();
    }
  });

  it('cms init --from-strapi carries config/server.js mcp (enabled and the timeouts), and notes the rest', async () => {
    const strapi = makeProject({
      'src/api/global/content-types/global/schema.json': GLOBAL, 'package.json': { name: 'strapi-app' },
      'config/server.js': `module.exports = ({ env }) => ({ host: env('HOST', '0.0.0.0'), port: env.int('PORT', 1337),
  mcp: { enabled: env.bool('MCP', false), requestTimeoutMs: 30000, path: '/other' } });\n`,
    });
    const root = join(mkdtempSync(join(tmpdir(), 'cms-init-mcp-')), 'site');
    let stderr = '';
    const code = await runCli(['init', '--dependency', `${OWN.name}@file:${REPO_ROOT}`, root, '--from-strapi', strapi], {
      stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) }, cwd: tmpdir(),
      env: { ...process.env, CMS_ROOT: undefined, MCP: 'true' },
    });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8')).mcp).toEqual({ enabled: true, requestTimeoutMs: 30000 });
    expect(stderr).toContain('config/server: mcp.path is not carried over (not a setting here)');
    const cms = await createCms({ root });
    expect(cms.config.mcp).toMatchObject({ enabled: true, requestTimeoutMs: 30000, connectTimeoutMs: 5000, branch: false });
    await cms.close();
  });
});
