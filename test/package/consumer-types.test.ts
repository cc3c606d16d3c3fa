import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';

const run = promisify(execFile);
const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

/** What a library consumer writes: the content library from `gitcms`, the HTTP face from `gitcms/server`. */
const CONSUMER = `
import { createServer } from 'node:http';
import { createCms, defineConfig, exportApi, ValidationError, type Cms, type CreateCmsOptions, type Data } from 'gitcms';
import { createApp, createNodeHandler, serve, type CmsApp, type RunningServer } from 'gitcms/server';
// @ts-expect-error the server is not in the main entry any more
import { serve as notHere } from 'gitcms';

const options: CreateCmsOptions = { root: './site', strict: true, config: defineConfig({ defaultLocale: 'en' }) };
const cms: Cms = await createCms(options);
const rows: Data[] = await cms.documents('articles').findMany({ filters: { title: { $containsi: 'coffee' } } });
await exportApi(cms, { out: 'public-api', strict: false });

const app: CmsApp = createApp(cms);
const answer: Response = await app.request('/api/articles');
const viaFetch: Response = await app.fetch(new Request('http://localhost/api/articles'));
const server: RunningServer = await serve(cms, { port: 0, showURL: false });
createServer(createNodeHandler(cms)).listen(0);
await server.close();
try {
  await cms.documents('articles').create({ data: {} });
} catch (error) {
  if (error instanceof ValidationError) console.log(error.details);
}
export const used = [rows, answer.status, viaFetch.status, notHere];
`;

/** Proves the check runs: its one error must be the whole output. */
const TYPO = `
import { createCms } from 'gitcms';
import { createApp } from 'gitcms/server';
createApp(await createCms()).fetch('/api/articles');
export {};
`;

const fixtures: string[] = [];
afterAll(() => { for (const dir of fixtures) rmSync(dir, { recursive: true, force: true }); });

describe('library consumers', () => {
  it('type-check both entries with lib ES2022 (no DOM) and skipLibCheck false', async () => {
    ensureBuilt();
    // Inside the repository, so `gitcms` resolves to this package by its own name (exports, built dist/).
    const dir = mkdtempSync(join(REPO_ROOT, 'test/package/.consumer-fixture-'));
    fixtures.push(dir);
    const compilerOptions = {
      strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', lib: ['ES2022'],
      module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts', 'typo.ts'] }));
    writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
    writeFileSync(join(dir, 'typo.ts'), TYPO);
    const output = await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: dir })
      .then(() => '', (error: { stdout: string }) => error.stdout);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^typo\.ts\(4,\d+\): error TS2345: Argument of type 'string' is not assignable to parameter of type 'Request'/),
    ]);
  }, 120_000);
});
