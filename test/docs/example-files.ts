import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { allFences, type Fence } from './doc-files.js';
import {
  consumerProject, curlCommands, expectedOutput, npxCache, removeConsumerProject, run, runShell, runTypeScript, startServer,
} from './run-example.js';

/**
 * The runnable blocks run in several test files, each over the pages named here, so the two workers of a test run share them (one
 * file of every page was the suite's longest by far). Each page is in exactly one file: examples.test.ts fails for a page with
 * runnable blocks that none names. Grouped so the files cost about the same (the CLI processes and servers each page's blocks start).
 */
export const EXAMPLE_FILES: Record<string, string[]> = {
  'test/docs/examples-readme.test.ts': ['README.md', 'docs/guide/getting-started.md', 'docs/guide/cli.md'],
  'test/docs/examples-api.test.ts': ['docs/guide/access-control.md', 'docs/guide/rest-api.md', 'docs/reference/http-routes.md',
    'docs/guide/media.md'],
  'test/docs/examples-git.test.ts': ['docs/guide/git-workflow.md', 'docs/guide/schemas.md', 'docs/guide/library.md'],
  'test/docs/examples-migrating.test.ts': ['docs/guide/migrating-from-strapi.md', 'docs/guide/graphql.md'],
};

export const where = (fence: Fence): string => `${fence.file}:${fence.line}`;
export const runnableFences = (): Fence[] => allFences().filter((fence) => fence.meta.includes('runnable'));

/** Each text appears in the output, in order. */
function expectPrinted(stdout: string, texts: string[]): void {
  let rest = stdout;
  for (const text of texts) {
    const at = rest.indexOf(text);
    expect(at, `prints "${text}" in:\n${stdout}`).toBeGreaterThanOrEqual(0);
    rest = rest.slice(at + text.length);
  }
}

/**
 * What `npx cms` runs in the checkout, found by npm's own npx with an empty cache of the file's own (offline): npx links the checkout
 * into `<cache>/_npx/<hash>` and runs that entry's `.bin/cms`, this package's `dist/cli/bin.js`. The blocks' `npx cms` then run that
 * same bin (see runShell), without npm resolving it again for every command (2-3 s of CPU each, 40 commands).
 */
async function resolveNpxCms(cache: string): Promise<string> {
  const result = await run('npx', ['cms', '--version'], { cwd: REPO_ROOT, env: { ...process.env, ...npxCache(cache) } });
  expect(result.code, result.stderr).toBe(0);
  const entries = readdirSync(join(cache, '_npx'));
  expect(entries, 'npx made one entry for the checkout').toHaveLength(1);
  const bin = join(cache, '_npx', entries[0], 'node_modules/.bin/cms');
  expect(realpathSync(bin), 'npx cms is this package\'s own bin').toBe(realpathSync(BIN));
  return bin;
}

/**
 * The runnable blocks of `pages`, each run as printed against one `cms serve` of a copy of the sample site (docs/contributing.md
 * says how): shell blocks in bash from the checkout, TypeScript blocks in a project that depends on gitcms.
 */
export function runExamplesOf(pages: string[]): void {
  const fences = runnableFences().filter((fence) => pages.includes(fence.file));
  let origin = '';
  let root = '';
  let consumer = '';
  // npx's cache for this file's examples: its install of the checkout is made once here, never in the ~/.npm another run shares.
  let npmCache = '';
  let cmsBin = '';
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ensureBuilt();
    root = copySampleSite();
    if (fences.some((fence) => fence.lang === 'ts')) consumer = consumerProject();
    npmCache = mkdtempSync(join(tmpdir(), 'cms-docs-npm-'));
    const started = startServer(root);
    cmsBin = await resolveNpxCms(npmCache);
    ({ origin, stop } = await started);
  }, 120_000);
  afterAll(async () => {
    await stop();
    if (consumer) removeConsumerProject(consumer);
    if (npmCache) rmSync(npmCache, { recursive: true, force: true });
  });

  describe('runnable examples run as printed', () => {
    it('are found on every page of this file', () => {
      expect(pages.filter((page) => !fences.some((fence) => fence.file === page))).toEqual([]);
    });

    it.each(fences.map((fence) => [where(fence), fence] as const))('%s', async (_where, fence) => {
      if (fence.lang === 'ts') {
        const result = await runTypeScript(fence, origin, root, consumer, `${fence.file.replace(/\W/g, '-')}-${fence.line}`);
        expect(result.code, result.stderr).toBe(0);
        expectPrinted(result.stdout, expectedOutput(fence));
        return;
      }
      expect(fence.lang).toBe('sh');
      const result = await runShell(fence, origin, root, npmCache, cmsBin);
      expect(result.code, `exit ${result.code}\n${result.stderr}\n${result.stdout}`).toBe(0);
      // A terminal shows both streams (cms prints its messages on stderr): each announced text is in one of them.
      for (const text of expectedOutput(fence)) expect(`${result.stdout}\n${result.stderr}`, `prints "${text}"`).toContain(text);
      const curls = curlCommands(fence.body);
      expect(result.statuses.length, 'every curl of the block ran').toBe(curls.length);
      curls.forEach(({ command, expected }, index) => {
        const status = result.statuses[index];
        if (expected === null) expect(status, `${command}\n${result.stdout}`).toBeLessThan(400);
        else expect(status, `${command}\n${result.stdout}`).toBe(expected);
      });
    }, 300_000);
  });
}
