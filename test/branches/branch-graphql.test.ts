// `Cms-Branch` on /graphql: a query answers the branch's view, a mutation is a commit on the branch's ref (never a
// change of the served tree), exactly as the same request over REST.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { git, initRepo, status, writableSample } from '../git-workflow/helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ENV = {
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
};
/** Tag "Coffee" of the sample site. */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';

let server: TestServer;
let root = '';
let token = '';

async function graphql(query: string, headers: Record<string, string> = {}) {
  return server.sendJson('POST', '/graphql', { query }, { authorization: `Bearer ${token}`, ...headers });
}
const tagNames = (body: { data: { tags: Array<{ name: string }> } }) => body.data.tags.map((tag) => tag.name);

beforeAll(async () => {
  root = writableSample();
  initRepo(root);
  git(root, 'branch', 'spring');
  server = await startApp(root, { env: ENV, report: () => {} });
  token = (await server.cms.auth.tokens.create({ name: 'Ann Lee', type: 'full-access' })).accessKey;
});

describe('Cms-Branch on /graphql', () => {
  it("a mutation writes one commit on the branch's ref; the served tree, HEAD and the base's answers are unchanged", async () => {
    const head = git(root, 'rev-parse', 'HEAD');
    const tip = git(root, 'rev-parse', 'spring');
    const base = await graphql('{ tags(sort: "name") { name } }');
    const made = await graphql('mutation { createTag(data: { name: "Spring only", color: blue }) { documentId name color } }',
      { 'cms-branch': 'spring' });
    expect(made.body.errors).toBeUndefined();
    const created = made.body.data.createTag.documentId;
    expect(made.body.data.createTag).toMatchObject({ name: 'Spring only', color: 'blue' });
    const log = git(root, 'log', '--format=%an%x1f%s', `${tip}..spring`).split('\n');
    expect(log).toEqual([`Ann Lee\x1fCreate api::tag.tag ${created}`]);
    expect(JSON.parse(git(root, 'show', `spring:content/tags/${created}.json`))).toMatchObject({ name: 'Spring only' });
    expect(status(root)).toEqual([]);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(await graphql('{ tags(sort: "name") { name } }')).toEqual(base);
    expect((await graphql(`{ tag(documentId: "${created}") { name } }`)).body.data.tag).toBeNull();
  });

  it("a query with the header answers the branch's view, as REST with the same header does", async () => {
    const updated = await graphql(`mutation { updateTag(documentId: "${COFFEE}", data: { color: green }) { color } }`, { 'cms-branch': 'spring' });
    expect(updated.body).toEqual({ data: { updateTag: { color: 'green' } } });
    const onSpring = await graphql('{ tags(sort: "name") { name color } }', { 'cms-branch': 'spring' });
    const rest = await server.getJson('/api/tags?sort=name&fields[0]=name&fields[1]=color&pagination[pageSize]=100',
      { headers: { 'cms-branch': 'spring', authorization: `Bearer ${token}` } });
    expect(onSpring.body.data.tags).toEqual(rest.body.data.map(({ name, color }: { name: string; color: string }) => ({ name, color })));
    expect(tagNames(onSpring.body)).toContain('Spring only');
    const baseCoffee = await graphql(`{ tag(documentId: "${COFFEE}") { color } }`);
    expect(baseCoffee.body.data.tag.color).not.toBe('green');
  });

  it('a branch that does not exist is refused as over REST', async () => {
    const rest = await server.getJson('/api/tags', { headers: { 'cms-branch': 'no-such-branch' } });
    const answer = await graphql('{ tags { name } }', { 'cms-branch': 'no-such-branch' });
    expect(answer.status).toBe(rest.status);
    expect(answer.body).toEqual(rest.body);
  });
});
