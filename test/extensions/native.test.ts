// The gitcms-native way: cms.server.ts next to cms.config.json runs through the same machinery as src/
// (real `cms serve` process), its unknown names stop the start naming the file, and `cms types` types it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';
import { serve } from './serve-project.js';

const NATIVE = join(import.meta.dirname, 'native');
const run = promisify(execFile);
const copy = (prefix: string, base = tmpdir()) => {
  const dir = mkdtempSync(join(base, prefix));
  cpSync(NATIVE, dir, { recursive: true });
  return dir;
};
const fixtures: string[] = [];
afterAll(() => { for (const dir of fixtures) rmSync(dir, { recursive: true, force: true }); });

describe('cms.server.ts', () => {
  it('sets the slug before create, answers its route through its policy and middleware, runs bootstrap', async () => {
    const server = await serve(NATIVE);
    try {
      expect(server.base, server.stderr()).toBeDefined();
      expect(server.stderr()).toContain('[info] native project ready');
      expect(server.stderr()).toContain('Project code: cms.server.ts and 0 file(s) from src/, 1 route(s)');
      const created = await fetch(`${server.base}/api/articles`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Hello Native World' } }),
      });
      const { data } = await created.json();
      expect([created.status, data.slug]).toEqual([201, 'hello-native-world']);
      const refused = await fetch(`${server.base}/api/articles/${data.documentId}/like`, { method: 'POST' });
      expect([refused.status, await refused.json()]).toEqual([403, { data: null, error: { status: 403, name: 'PolicyError',
        message: 'Policy Failed', details: {} } }]);
      const liked = await fetch(`${server.base}/api/articles/${data.documentId}/like`, { method: 'POST', headers: { 'x-like': 'yes' } });
      expect([liked.status, liked.headers.get('x-liked-by'), await liked.json()])
        .toEqual([200, 'cms.server.ts', { data: { documentId: data.documentId, likes: 1 } }]);
      const missing = await fetch(`${server.base}/api/articles/nope/like`, { method: 'POST', headers: { 'x-like': 'yes' } });
      expect([missing.status, (await missing.json()).error]).toEqual([404, { status: 404, name: 'NotFoundError',
        message: 'Article not found', details: {} }]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('does not start with a route naming an unknown policy, and names cms.server.ts', async () => {
    const project = copy('cms-native-bad-');
    fixtures.push(project);
    const file = join(project, 'cms.server.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("policies: ['has-like-header']", "policies: ['has-like-headr']"));
    const server = await serve(project);
    expect(server.code).not.toBe(0);
    expect(server.stderr()).toContain('cms.server.ts: POST /articles/:id/like: policy global::has-like-headr not found'
      + ' in the policies of cms.server.ts or src/policies');
  }, 120_000);

  it('stops the start when src/ declares the same policy', async () => {
    const project = copy('cms-native-clash-');
    fixtures.push(project);
    cpSync(join(import.meta.dirname, 'project/src/policies'), join(project, 'src/policies'), { recursive: true });
    const { stdout } = await run(process.execPath, [BIN, 'validate', '--root', project]).catch((error: { stdout: string }) => error);
    expect(stdout).toContain('the policy global::has-like-header is declared in both src/policies/has-like-header.js and cms.server.ts: keep one');
    // validate loads the file without running bootstrap.
    expect(stdout).not.toContain('native project ready');
  }, 120_000);

  it('names a lifecycles key that is no content type (cms validate)', async () => {
    const project = copy('cms-native-key-');
    fixtures.push(project);
    const file = join(project, 'cms.server.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('    articles: {', '    artcles: {'));
    const { stdout } = await run(process.execPath, [BIN, 'validate', '--root', project]).catch((error: { stdout: string }) => error);
    expect(stdout).toContain("cms.server.ts: lifecycles.artcles: not a content type of this project's API (a uid, plural or singular name)");
  }, 120_000);

  it('is typed by `cms types`: a misspelt field in a hook, a result or a documents() query fails tsc', async () => {
    ensureBuilt();
    // Inside the repository, so `gitcms` resolves to this package by its own name.
    const project = copy('.native-types-fixture-', import.meta.dirname);
    fixtures.push(project);
    await run(process.execPath, [BIN, 'types', '--root', project]);
    writeFileSync(join(project, 'typo.ts'), `import { defineServer } from 'gitcms';
export default defineServer({
  lifecycles: {
    article: { afterCreate(event) { event.params.data.titel = 'x'; console.log(event.result?.slugg); } },
    'api::article.article': { afterFindMany(event) { console.log(event.result?.map((entry) => entry.likes + entry.like)); } },
  },
  bootstrap: async ({ strapi }) => { await strapi.documents('api::article.article').findMany({ filters: { titl: 'x' } }); },
});
`);
    const compilerOptions = {
      strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext',
      types: ['node'],
    };
    writeFileSync(join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files: ['cms.server.ts', 'cms-types.d.ts', 'typo.ts'] }));
    const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    const output = await run(process.execPath, [tsc, '-p', join(project, 'tsconfig.json')], { cwd: project })
      .then(() => '', (error: { stdout: string }) => error.stdout);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^typo\.ts\(4,\d+\): error TS2551: Property 'titel' does not exist .* Did you mean 'title'\?/),
      expect.stringMatching(/^typo\.ts\(4,\d+\): error TS2551: Property 'slugg' does not exist .* Did you mean 'slug'\?/),
      expect.stringMatching(/^typo\.ts\(5,\d+\): error TS2551: Property 'like' does not exist .* Did you mean 'likes'\?/),
      expect.stringMatching(/^typo\.ts\(7,\d+\): error TS2561: .*'titl' does not exist in type 'Filters<ArticleShape>'/),
    ]);
  }, 120_000);
});
