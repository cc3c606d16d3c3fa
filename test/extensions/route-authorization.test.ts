// One authorization path (ARCHITECTURE.md): every built-in and studio route, listed from the route table itself
// (core/http/builtin-routes.ts), is sent a request the example project's routers refuse (test/extensions/project:
// pages are read-only, a post is its author's, notes list only with the `only-mine` policy passing). None of them may
// reach the document: each is refused, and afterwards no content file, commit or media entry has changed.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { builtinRoutes, type BuiltinRoute } from '../../core/http/builtin-routes.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { tempDir } from '../studio/git-site.js';

const ENV = { CMS_JWT_SECRET: 'route-authorization-jwt-secret-0123456789abcdef',
  CMS_API_TOKEN_SALT: 'route-authorization-salt-0123456789abcdef0123' };
type Who = 'ann' | 'bob' | 'public' | 'token';
interface Sent { status: number; body: unknown }

let root = '';
let cms: Cms;
let app: ReturnType<typeof createApp>;
const credentials: Partial<Record<Who, string>> = {};
const ids = { page: '', pageRow: 0, post: '', like: '' };
let firstCommit = '';
let pagePath = '';
let postPath = '';
const notePath = 'content/notes/probe-note.json';

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
function contentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(join(root, 'content'));
  return files;
}

async function send(who: Who, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Sent> {
  const all: Record<string, string> = { ...headers };
  if (credentials[who]) all.authorization = `Bearer ${credentials[who]}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    all['content-type'] = 'application/json';
  }
  const response = await app.request(path, { method, headers: all, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* text */ }
  return { status: response.status, body: parsed };
}

/** Refused: Strapi's 403 (a policy's PolicyError too), a 404 or a route left out (405); never a 2xx. */
async function refused(who: Who, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const { status, body: answer } = await send(who, method, path, body, headers);
  expect([403, 404, 405], `${who} ${method} ${path}: ${JSON.stringify(answer)}`).toContain(status);
}

/** A GraphQL operation the project's routes refuse: the field is null and its error the plugin's `FORBIDDEN`. */
async function refusedOverGraphql(who: Who, method: 'GET' | 'POST', query: string, field: string, headers: Record<string, string> = {}) {
  const { status, body } = method === 'POST'
    ? await send(who, 'POST', '/graphql', { query }, headers)
    : await send(who, 'GET', `/graphql?query=${encodeURIComponent(query)}`, undefined, { 'apollo-require-preflight': 'true', ...headers });
  const answer = body as { data: Record<string, unknown> | null; errors?: Array<{ path: string[]; extensions: { code: string } }> };
  expect(status, `${who} ${method} ${query}: ${JSON.stringify(body)}`).toBe(200);
  expect(answer.data?.[field] ?? null).toBeNull();
  expect(answer.errors?.map((error) => [error.path[0], error.extensions.code])).toEqual([[field, 'FORBIDDEN']]);
}

/** A `tools/call` at /mcp that writes or shows nothing: 401 (no MCP for the credential), a disabled tool, or a tool error. */
async function refusedOverMcp(who: Who, name: string, args: Record<string, unknown>) {
  const headers = { accept: 'application/json, text/event-stream' };
  const { status, body } = await send(who, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, headers);
  if (status === 401) return;
  expect(status, `${who} ${name}: ${JSON.stringify(body)}`).toBe(200);
  const data = String(body).split('\n').find((line) => line.startsWith('data: '));
  const answer = JSON.parse(data!.slice(6)) as { result?: { isError?: boolean }; error?: unknown };
  expect(answer.error !== undefined || answer.result?.isError === true, `${who} ${name}: ${data}`).toBe(true);
}

/** A content file changed on disk while `work` runs (the Git panel's changed files), then put back. */
async function withChanged(path: string, work: () => Promise<void>) {
  const before = readFileSync(join(root, path), 'utf8');
  writeFileSync(join(root, path), before.replace('About', 'About, edited on disk'));
  try { await work(); } finally { writeFileSync(join(root, path), before); }
}

/** A branch `name` whose one commit edits `path` while `work` runs (the served tree and HEAD untouched), then deleted. */
async function onBranch(name: string, path: string, work: () => Promise<void>) {
  const { commitToBranch } = await import('../../core/branches/branch-commit.js');
  git('branch', name, 'HEAD');
  const text = path === notePath ? '{ "text": "A note", "author": "bob" }\n' : readFileSync(join(root, path), 'utf8').replace('About', 'About, on a branch');
  await commitToBranch(root, name, [{ file: path, text }],
    { author: { name: 'x', email: 'x@example.com' }, message: 'probe', expectedTip: git('rev-parse', 'HEAD') });
  try { await work(); } finally { git('branch', '-D', name); }
}

const noDocument = async (route: BuiltinRoute) => {
  const path = route.path.replace(/:[A-Za-z]+/g, '1');
  const { status } = await send('bob', route.method, path, route.method === 'GET' ? undefined : {});
  expect(status, `${route.method} ${path}`).toBeLessThan(500);
};
const siteWork = async (route: BuiltinRoute) => refused('ann', route.method, route.path, {});
const history = async (tail: string) => {
  for (const who of ['public', 'ann'] as const) await refused(who, 'GET', `/api/_cms/pages/${ids.page}/history${tail}`);
  await refused('bob', 'GET', `/api/_cms/posts/${ids.post}/history${tail}`);
};
const transition = async (route: BuiltinRoute) => {
  const name = route.path.slice(route.path.lastIndexOf('/') + 1);
  await refused('ann', 'POST', `/api/_cms/pages/${ids.page}/${name}`);
  await refused('bob', 'POST', `/api/_cms/posts/${ids.post}/${name}`);
  await refused('ann', 'POST', `/api/_cms//pages/${ids.page}/${name}`);
};
const gitRead = (name: string) => async () => {
  await refused('ann', 'GET', `/admin/api/git/${name}?path=${pagePath}&document=pages/${ids.page}`);
  await refused('bob', 'GET', `/admin/api/git/${name}?path=${postPath}&document=posts/${ids.post}`);
};
const MINE_NOT = { 'x-mine': 'no' };

/** How each route is asked for what the project's routes refuse, by `<method> <path>` as the route table names it. */
const PROBES: Record<string, (route: BuiltinRoute) => Promise<void>> = {
  'GET /api/:pluralApiId': () => refused('public', 'GET', '/api/notes', undefined, MINE_NOT),
  'POST /api/:pluralApiId': () => refused('ann', 'POST', '/api/pages', { data: { title: 'New' } }),
  'GET /api/:pluralApiId/:documentId': () => refused('public', 'GET', `/api/posts/${ids.post}`),
  'PUT /api/:pluralApiId/:documentId': async () => {
    await refused('ann', 'PUT', `/api/pages/${ids.page}`, { data: { title: 'x' } });
    await refused('bob', 'PUT', `/api/posts/${ids.post}`, { data: { title: 'x' } });
    await refused('bob', 'PUT', `/api//posts/${ids.post}`, { data: { title: 'x' } });
    await refused('ann', 'PUT', `/api//pages/${ids.page}`, { data: { title: 'x' } });
  },
  'DELETE /api/:pluralApiId/:documentId': async () => {
    await refused('ann', 'DELETE', `/api/pages/${ids.page}`);
    await refused('bob', 'DELETE', `/api/posts/${ids.post}`);
    await refused('bob', 'DELETE', `/api//posts/${ids.post}`);
  },
  'POST /api/_cms/:pluralApiId/:documentId/publish': transition,
  'POST /api/_cms/:pluralApiId/:documentId/unpublish': transition,
  'POST /api/_cms/:pluralApiId/:documentId/discard-draft': transition,
  'GET /api/_cms/:pluralApiId/:documentId/history': () => history(''),
  'GET /api/_cms/:pluralApiId/:documentId/history/:commit': () => history(`/${firstCommit}`),
  'POST /api/upload': async () => {
    const form = new FormData();
    form.append('files', new Blob(['a cover'], { type: 'text/plain' }), 'cover.txt');
    for (const [name, value] of Object.entries({ ref: 'api::page.page', refId: String(ids.pageRow), field: 'cover' })) form.append(name, value);
    await refused('ann', 'POST', '/api/upload', form);
  },
  'GET /api/upload/files': (route) => refused('ann', 'GET', route.path),
  'GET /api/upload/files/page': (route) => refused('ann', 'GET', route.path),
  'GET /api/upload/files/:id': () => refused('ann', 'GET', '/api/upload/files/1'),
  'DELETE /api/upload/files/:id': () => refused('ann', 'DELETE', '/api/upload/files/1'),
  'GET /admin/api/preview': () => refused('bob', 'GET', `/admin/api/preview?type=posts&documentId=${ids.post}`),
  'GET /admin/api/stored': async () => {
    await refused('bob', 'GET', `/admin/api/stored?type=posts&documentId=${ids.post}`);
    await refused('ann', 'GET', `/admin//api/stored?type=posts&documentId=${ids.post}`);
  },
  'GET /admin/api/publication': () => refused('bob', 'GET', '/admin/api/publication?type=notes', undefined, MINE_NOT),
  'POST /admin/api/uid/generate': () => refused('ann', 'POST', '/admin/api/uid/generate',
    { contentType: 'api::page.page', field: 'title', data: { title: 'x' } }),
  'POST /admin/api/uid/check': () => refused('ann', 'POST', '/admin/api/uid/check', { contentType: 'api::page.page', field: 'title', value: 'x' }),
  'GET /admin/api/git/status': () => withChanged(pagePath, async () => {
    const { status, body } = await send('ann', 'GET', '/admin/api/git/status');
    expect(status).toBe(200);
    const change = (body as { data: { changes: Array<{ path: string; writable: boolean }> } }).data.changes.find((one) => one.path === pagePath);
    expect(change?.writable).toBe(false);
  }),
  'GET /admin/api/git/diff': gitRead('diff'),
  'GET /admin/api/git/history': gitRead('history'),
  'GET /admin/api/git/document-history': gitRead('document-history'),
  'GET /admin/api/git/states': () => refused('bob', 'GET', '/admin/api/git/states?type=notes', undefined, MINE_NOT),
  'POST /admin/api/git/commit': () => withChanged(pagePath, () => refused('ann', 'POST', '/admin/api/git/commit', { message: 'x', paths: [pagePath] })),
  'GET /admin/api/git/change-requests': () => onBranch('probe-read', notePath, async () => {
    // A note the `only-mine` policy keeps from this request: the change request does not list it (it does when the policy passes).
    const documents = async (headers?: Record<string, string>) => {
      const { status, body } = await send('ann', 'GET', '/admin/api/git/change-requests', undefined, headers);
      expect(status).toBe(200);
      const listed = (body as { data: { changeRequests: Array<{ name: string; documents: unknown[] }> } }).data.changeRequests;
      return listed.find((request) => request.name === 'probe-read')?.documents.length;
    };
    expect(await documents()).toBe(1);
    expect(await documents(MINE_NOT)).toBe(0);
  }),
  'POST /admin/api/git/change-requests/merge': () => onBranch('probe-merge', pagePath, async () => {
    // Pages are read-only in the project's routers: a change request that edits one is not ann's to merge.
    await refused('ann', 'POST', '/admin/api/git/change-requests/merge', { name: 'probe-merge' });
  }),
  'POST /admin/api/git/restore': async () => {
    await refused('ann', 'POST', '/admin/api/git/restore', { path: pagePath, commit: firstCommit });
    await refused('bob', 'POST', '/admin/api/git/restore', { path: postPath, commit: firstCommit });
    await refused('ann', 'POST', '/admin//api/git/restore', { path: pagePath, commit: firstCommit });
  },
  // GraphQL answers a refusal inside a 200 (the plugin's FORBIDDEN error on the field), and writes nothing
  'POST /graphql': async () => {
    await refusedOverGraphql('ann', 'POST', 'mutation { createPage(data: { title: "New" }) { title } }', 'createPage');
    await refusedOverGraphql('bob', 'POST', `mutation { updatePost(documentId: "${ids.post}", data: { title: "x" }) { title } }`, 'updatePost');
    await refusedOverGraphql('public', 'POST', `{ post(documentId: "${ids.post}") { title } }`, 'post');
  },
  // MCP: a tool call the project's routes refuse is a tool error (or a tool not offered, or no MCP for that credential)
  'POST /mcp': async () => {
    await refusedOverMcp('ann', 'create_page', { data: { title: 'New' } });
    await refusedOverMcp('bob', 'update_post', { documentId: ids.post, data: { title: 'x' } });
    await refusedOverMcp('public', 'get_post', { documentId: ids.post });
  },
  'GET /graphql': () => refusedOverGraphql('public', 'GET', '{ notes { text } }', 'notes', MINE_NOT),
  'POST /admin/api/git/push': siteWork,
  'POST /admin/api/git/pull': siteWork,
  'POST /_cms/git/pull': siteWork,
};

beforeAll(async () => {
  root = tempDir('cms-route-authorization-');
  cpSync(join(import.meta.dirname, 'project'), root, { recursive: true });
  // Signed-in users may upload (so only the attach is in question) besides what the example project grants.
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  config.permissions.authenticated['plugin::upload.file'] = ['upload'];
  config.graphql = { enabled: true };
  config.mcp = { enabled: true };
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config));
  cms = await createCms({ root, env: ENV, reportProblems: false });
  const code = await startProjectCode(cms);
  app = createApp(cms, { admin: true, log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
  credentials.token = (await cms.auth.tokens.create({ name: 'all', type: 'full-access' })).accessKey;
  for (const name of ['ann', 'bob'] as const) {
    const registered = await send('public', 'POST', '/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'correct-horse' });
    credentials[name] = (registered.body as { jwt: string }).jwt;
  }
  const page = await cms.documents('api::page.page').create({ data: { title: 'About' } });
  await cms.documents('api::page.page').publish({ documentId: String(page.documentId) });
  const post = await cms.documents('api::post.post').create({ data: { title: 'By Ann', author: 'ann' } });
  await cms.documents('api::post.post').publish({ documentId: String(post.documentId) });
  const like = await cms.documents('api::like.like').create({ data: { article: 'none' } });
  Object.assign(ids, { page: page.documentId, pageRow: page.id, post: post.documentId, like: like.documentId });
  pagePath = Object.keys(contentFiles()).find((path) => path.startsWith(`content/pages/${ids.page}.`))!;
  postPath = Object.keys(contentFiles()).find((path) => path.startsWith(`content/posts/${ids.post}.`))!;
  git('init', '--quiet', '--initial-branch=main');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'add', '--all');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '--quiet', '-m', 'The site');
  firstCommit = git('rev-parse', 'HEAD');
});

describe('every built-in and studio route answers only as the project\'s routes allow', () => {
  const routes = builtinRoutes({ api: { rest: { prefix: '/api' } }, admin: { path: '/admin' } } as never);

  it('has a probe for every route the table lists (a route added later fails here until it has one)', () => {
    const reaching = routes.filter((route) => !('none' in route.reaches));
    expect(reaching.map((route) => `${route.method} ${route.path}`).filter((key) => !(key in PROBES))).toEqual([]);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (key, route) => {
    await (PROBES[key] ?? noDocument)(route);
  });

  it('left every content file, the commit and the media library as they were', async () => {
    const before = git('show', '--name-only', '--format=', 'HEAD').split('\n');
    expect(git('rev-parse', 'HEAD')).toBe(firstCommit);
    expect(git('status', '--porcelain', '--', 'content')).toBe('');
    expect(before).toContain(pagePath);
    expect(readdirSync(join(root, 'content')).includes('upload')).toBe(false);
  });
});

describe('the built-in content API', () => {
  it('never answers a type the project\'s routes own, even on an app that runs no project router', async () => {
    const bare = createApp(cms, { log: () => {}, extensions: EXTENSIONS });
    const asAnn = { authorization: `Bearer ${credentials.ann}`, 'content-type': 'application/json' };
    const put = await bare.request(`/api/posts/${ids.post}`, { method: 'PUT', headers: asAnn, body: JSON.stringify({ data: { title: 'x' } }) });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'HEAD, GET']);
    expect((await bare.request('/api/pages')).status).toBe(404);
    expect((await bare.request('/api/tags-that-do-not-exist')).status).toBe(404);
  });
});

describe('a deleted document\'s history', () => {
  it('is a 404 to the Public role and anyone who may not update the type, and shown to who may', async () => {
    expect((await send('ann', 'DELETE', `/api/posts/${ids.post}`)).status).toBe(204);
    for (const who of ['public', 'bob', 'ann'] as const) {
      expect((await send(who, 'GET', `/api/_cms/posts/${ids.post}/history`)).status, who).toBe(404);
      expect((await send(who, 'GET', `/api/_cms/posts/${ids.post}/history/${firstCommit}`)).status, who).toBe(404);
    }
    expect((await send('token', 'DELETE', `/api/likes/${ids.like}`)).status).toBe(204);
    const shown = await send('token', 'GET', `/api/_cms/likes/${ids.like}/history`);
    expect([shown.status, (shown.body as { data: unknown[] }).data.length]).toEqual([200, 1]);
    expect((await send('public', 'GET', `/api/_cms/likes/${ids.like}/history`)).status).toBe(404);
  });

  it('needs update on a document that still exists (findOne is not enough)', async () => {
    const { status, body } = await send('public', 'GET', `/api/_cms/pages/${ids.page}/history`);
    expect([status, (body as { error: { name: string } }).error.name]).toEqual([403, 'ForbiddenError']);
  });
});
