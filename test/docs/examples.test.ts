import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { allFences, CODE_LANGUAGES, type Fence } from './doc-files.js';
import {
  consumerProject, curlCommands, removeConsumerProject, expectedOutput, npxLeavesDistAlone, runShell, runTypeScript, startServer,
} from './run-example.js';

// Every code block of the README and the docs site is either run here (```sh runnable, ```ts runnable) against one `cms serve` of a
// copy of the sample site, or marked `static` (a long-running server, an outside service): docs/contributing.md says which and why.
const fences = allFences();
const runnable = fences.filter((fence) => fence.meta.includes('runnable'));
const where = (fence: Fence) => `${fence.file}:${fence.line}`;
// The deployment guide's blocks (a cluster, PostgreSQL, nginx) are checked by deployment-guide.test.ts.
const OWN_TEST = new Set(['docs/deployment.md']);

/** Each text appears in the output, in order. */
function expectPrinted(stdout: string, texts: string[]): void {
  let rest = stdout;
  for (const text of texts) {
    const at = rest.indexOf(text);
    expect(at, `prints "${text}" in:\n${stdout}`).toBeGreaterThanOrEqual(0);
    rest = rest.slice(at + text.length);
  }
}

let origin = '';
let root = '';
let consumer = '';
// npx's cache for this file's examples: its install of the checkout is made once here, never in the ~/.npm another run shares.
let npmCache = '';
let stop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ensureBuilt();
  root = copySampleSite();
  consumer = consumerProject();
  npmCache = mkdtempSync(join(tmpdir(), 'cms-docs-npm-'));
  ({ origin, stop } = await startServer(root));
}, 120_000);
afterAll(async () => {
  await stop();
  if (consumer) removeConsumerProject(consumer);
  if (npmCache) rmSync(npmCache, { recursive: true, force: true });
});

describe('the docs mark every code block', () => {
  it('as runnable or static, with no fence left open or glued to text', () => {
    const unmarked = fences.filter((fence) => CODE_LANGUAGES.has(fence.lang) && !OWN_TEST.has(fence.file))
      .filter((fence) => !fence.meta.includes('runnable') && !fence.meta.includes('static'));
    expect(unmarked.map(where)).toEqual([]);
    expect(runnable.length).toBeGreaterThanOrEqual(30);
  });

  it('runs npx cms as this package\'s own CLI in the checkout (what the examples rely on), building nothing', async () => {
    const { printed, version, rebuilt, stderr } = await npxLeavesDistAlone();
    expect(printed, stderr).toBe(version);
    // A rebuild here would rewrite dist/ under the other test files running from it.
    expect(rebuilt, 'npx cms rebuilt dist/').toBe(false);
  }, 120_000);

  it('writes every cms command one way, npx cms (resolved locally), never npx --no-install or npm exec', () => {
    // `npx cms` resolves this package's own bin in the checkout and in a project depending on gitcms; the pages say so once.
    const bare = fences.filter((fence) => /npx --no-install cms|npm exec cms(?! --)/.test(fence.body));
    expect(bare.map(where)).toEqual([]);
  });
});

describe('runnable examples run as printed', () => {
  it.each(runnable.map((fence) => [where(fence), fence] as const))('%s', async (_where, fence) => {
    if (fence.lang === 'ts') {
      const result = await runTypeScript(fence, origin, root, consumer, `${fence.file.replace(/\W/g, '-')}-${fence.line}`);
      expect(result.code, result.stderr).toBe(0);
      expectPrinted(result.stdout, expectedOutput(fence));
      return;
    }
    expect(fence.lang).toBe('sh');
    const result = await runShell(fence, origin, root, npmCache);
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

describe('read examples find something', () => {
  // A filter that matches nothing would still answer 200: each plain GET of a runnable block must list or show data.
  const reads = runnable.filter((fence) => fence.lang === 'sh').flatMap((fence) =>
    [...fence.body.matchAll(/^curl (?:-g )?(?:-H '([^']+)' )?'http:\/\/localhost:1337(\/api\/[^']+)'(\s*#.*)?$/gm)]
      .filter((match) => !/→\s*[13-5]\d\d/.test(match[3] ?? ''))
      .map((match) => ({ at: where(fence), header: match[1], path: match[2] })));
  let server: TestServer;
  beforeAll(async () => {
    server = await startApp();
  }, 60_000);

  it('finds the examples', () => {
    expect(reads.length).toBeGreaterThan(25);
  });

  it.each(reads)('$path ($at) answers 200 with data', async ({ path, header }) => {
    const headers: Record<string, string> = {};
    if (header) {
      const [name, value] = header.split(': ');
      headers[name] = value;
    }
    const { status, body } = await server.getJson(path, { headers });
    expect(status, JSON.stringify(body)).toBe(200);
    // Plugin routes such as /api/i18n/locales answer a bare array, as Strapi's do.
    const data = Array.isArray(body) ? body : body.data;
    expect(data).toBeTruthy();
    if (Array.isArray(data)) expect(data.length).toBeGreaterThan(0);
  });
});
