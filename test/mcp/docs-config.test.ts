// docs/guide/mcp.md's client configurations (Claude Code's .mcp.json, Cursor's .cursor/mcp.json), as printed: the
// editors read them, not a shell, so they are `static` blocks there and connected here with the SDK's own client.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { REPO_ROOT } from '../helpers/project.js';
import { fencesOf } from '../docs/doc-files.js';
import { mcpProject, serve, token, type McpSite } from './mcp-site.js';

const PAGE = 'docs/guide/mcp.md';
const configs = fencesOf(PAGE, readFileSync(join(REPO_ROOT, PAGE), 'utf8'))
  .filter((fence) => fence.lang === 'json' && fence.body.includes('mcpServers'))
  .map((fence) => ({ line: fence.line, config: JSON.parse(fence.body) as { mcpServers: Record<string, Record<string, any>> } }));

/** What the editor does with an entry: its `${NAME}` (Claude Code) or `${env:NAME}` (Cursor) taken from the environment. */
const expand = (text: string, env: Record<string, string>) => text.replace(/\$\{(?:env:)?([A-Z_]+)\}/g, (_all, name) => env[name] ?? '');

describe(`${PAGE}: the agent configurations, as printed`, () => {
  let site: McpSite;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    site = await serve(mcpProject());
    env = { CMS_MCP_TOKEN: await token(site.cms, 'claude', 'full-access') };
  });
  afterAll(async () => site?.close());

  it('prints a Claude Code and a Cursor configuration', () => {
    expect(configs.map(({ config }) => Object.keys(config.mcpServers))).toEqual([['gitcms'], ['gitcms']]);
    expect(configs[0].config.mcpServers.gitcms.type).toBe('http');
  });

  it.each(configs.map(({ line, config }) => [line, config] as const))('the block at line %i connects and lists the tools', async (_line, config) => {
    const entry = config.mcpServers.gitcms;
    // the printed address is the sample site's (localhost:1337); this test's server listens elsewhere
    const url = new URL(entry.url.replace('http://localhost:1337', site.url));
    const headers = Object.fromEntries(Object.entries(entry.headers as Record<string, string>).map(([name, value]) => [name, expand(value, env)]));
    const client = new Client({ name: 'editor', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('create_article');
    await client.close();
  });
});
