import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, git, mcpProject, serve, token, type McpSite } from './mcp-site.js';

const call = async (client: Awaited<ReturnType<typeof connect>>, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as { structuredContent?: any; content: Array<{ text: string }>; isError?: boolean };

describe('mcp.branch: an agent\'s writes are a change request of its own, proposed for a person to merge', () => {
  let site: McpSite;
  let root = '';
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    root = mcpProject({ branch: true }, {}, { permissions: { authenticated: { articles: ['find', 'findOne', 'create', 'update'] } } });
    site = await serve(root);
    keys.agent = await token(site.cms, 'Claude Agent', 'full-access');
    keys.other = await token(site.cms, 'cursor', 'full-access');
    keys.read = await token(site.cms, 'reader', 'read-only');
  });
  afterAll(async () => site?.close());

  it('creates and updates on the credential\'s branch; the base API is unchanged; the agent reads its own view', async () => {
    const agent = await connect(site, keys.agent);
    const made = await call(agent, 'create_article', { data: { title: 'Agent draft' } });
    expect(made.isError).toBeUndefined();
    const id = made.structuredContent.data.documentId;
    await call(agent, 'update_article', { documentId: id, data: { title: 'Agent draft, edited' } });
    // the base: nothing there, over REST or another agent's MCP
    const base = await fetch(`${site.url}/api/articles?status=draft`, { headers: { authorization: `Bearer ${keys.agent}` } });
    expect((await base.json()).data).toEqual([]);
    const other = await connect(site, keys.other);
    expect((await call(other, 'list_article')).structuredContent.results).toEqual([]);
    // the agent's own view, and the branch as Cms-Branch answers it
    expect((await call(agent, 'get_article', { documentId: id })).structuredContent.data.title).toBe('Agent draft, edited');
    const onBranch = await fetch(`${site.url}/api/articles/${id}?status=draft`, {
      headers: { authorization: `Bearer ${keys.agent}`, 'cms-branch': 'mcp/token-1-claude-agent' },
    });
    expect((await onBranch.json()).data.title).toBe('Agent draft, edited');
    // commits on the branch, authored as the credential; the served tree and HEAD untouched
    expect(git(root, 'log', '--format=%an', 'mcp/token-1-claude-agent', '-2').split('\n')).toEqual(['Claude Agent', 'Claude Agent']);
    expect(git(root, 'rev-list', '--count', 'main')).toBe('1');
    await Promise.all([agent.close(), other.close()]);
  });

  it('lists and shows the agent\'s change request in document words, and proposes it with the host\'s compare link', async () => {
    const agent = await connect(site, keys.agent);
    const listed = await call(agent, 'list_change_requests');
    expect(listed.structuredContent).toMatchObject({
      base: 'main', changeRequests: [{ name: 'mcp/token-1-claude-agent', ahead: 2, behind: 0, pushed: false, documents: 1 }],
    });
    const shown = await call(agent, 'show_change_request');
    expect(shown.structuredContent.name).toBe('mcp/token-1-claude-agent');
    expect(shown.structuredContent.documents).toHaveLength(1);
    expect(shown.structuredContent.documents[0]).toMatchObject({
      type: 'Article', uid: 'api::article.article', change: 'added', title: 'Agent draft, edited', draft: true,
    });
    expect(shown.structuredContent.documents[0].fields.map((field: { field: string }) => field.field)).toContain('title');
    // another credential's change request is not this one's to show or propose
    const refused = await call(agent, 'propose_change_request', { name: 'mcp/token-2-cursor' });
    expect(refused.isError).toBe(true);
    const proposed = await call(agent, 'propose_change_request');
    expect(proposed.structuredContent).toEqual({
      name: 'mcp/token-1-claude-agent', base: 'main', remote: 'origin',
      pullRequestUrl: 'https://github.com/acme/site/compare/main...mcp/token-1-claude-agent?expand=1',
    });
    expect(git(root, 'ls-remote', 'origin', 'refs/heads/mcp/token-1-claude-agent')).toContain('refs/heads/mcp/token-1-claude-agent');
    // still nothing on the base until a person merges
    expect((await (await fetch(`${site.url}/api/articles?status=draft`, { headers: { authorization: `Bearer ${keys.agent}` } })).json()).data)
      .toEqual([]);
    await agent.close();
  });

  it('a read-only credential sees no change request tools, and its reads make no branch', async () => {
    const reader = await connect(site, keys.read);
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('list_change_requests');
    expect((await call(reader, 'list_article')).isError).toBeUndefined();
    expect(git(root, 'branch', '--list', 'mcp/token-3-reader')).toBe('');
    await reader.close();
  });

  it('gives each credential a change request of its own: like-named tokens, and a token named as an account, never share one', async () => {
    const { cms } = site;
    const editor = await cms.auth.users.add({ username: 'ed', email: 'ed@example.com', password: 'Passw0rd!' });
    const credentials = {
      upper: await token(cms, 'Agent A', 'full-access'),
      lower: await token(cms, 'agent-a', 'full-access'),
      userLike: await token(cms, `user-${editor.id}`, 'full-access'),
      user: cms.auth.issueJwt(editor),
    };
    const names: string[] = [];
    for (const [who, key] of Object.entries(credentials)) {
      const client = await connect(site, key);
      const made = await call(client, 'create_article', { data: { title: `by ${who}` } });
      expect(made.isError).toBeUndefined();
      const shown = await call(client, 'show_change_request');
      // each sees only its own write on its own branch
      expect(shown.structuredContent.documents.map((document: { title: string }) => document.title)).toEqual([`by ${who}`]);
      names.push(shown.structuredContent.name);
      await client.close();
    }
    expect(names).toEqual(['mcp/token-4-agent-a', 'mcp/token-5-agent-a', `mcp/token-6-user-${editor.id}`, `mcp/user-${editor.id}`]);
  });
});
