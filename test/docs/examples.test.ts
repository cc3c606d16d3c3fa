import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { allFences, CODE_LANGUAGES } from './doc-files.js';
import { EXAMPLE_FILES, runnableFences, where } from './example-files.js';
import { npxLeavesDistAlone } from './run-example.js';

// Every code block of the README and the docs site is either run (```sh runnable, ```ts runnable) against one `cms serve` of a copy
// of the sample site, by the examples-*.test.ts file that names its page in EXAMPLE_FILES, or marked `static` (a long-running
// server, an outside service): docs/contributing.md says which and why.
const fences = allFences();
const runnable = runnableFences();
// The deployment guide's blocks (a cluster, PostgreSQL, nginx) are checked by deployment-guide.test.ts.
const OWN_TEST = new Set(['docs/deployment.md']);

describe('the docs mark every code block', () => {
  it('as runnable or static, with no fence left open or glued to text', () => {
    const unmarked = fences.filter((fence) => CODE_LANGUAGES.has(fence.lang) && !OWN_TEST.has(fence.file))
      .filter((fence) => !fence.meta.includes('runnable') && !fence.meta.includes('static'));
    expect(unmarked.map(where)).toEqual([]);
    expect(runnable.length).toBeGreaterThanOrEqual(30);
  });

  it('runs npx cms as this package\'s own CLI in the checkout (what the examples rely on), building nothing', async () => {
    ensureBuilt();
    const { printed, version, rebuilt, stderr } = await npxLeavesDistAlone();
    expect(printed, stderr).toBe(version);
    // A rebuild here would rewrite dist/ under the other test files running from it.
    expect(rebuilt, 'npx cms rebuilt dist/').toBe(false);
  }, 120_000);

  it('runs every page\'s runnable blocks in one examples file, and each file names pages that have some', () => {
    const pages = [...new Set(runnable.map((fence) => fence.file))];
    const named = Object.values(EXAMPLE_FILES).flat();
    expect(pages.filter((page) => !named.includes(page)), 'pages no examples-*.test.ts runs (add them to EXAMPLE_FILES)').toEqual([]);
    expect(named.filter((page, at) => named.indexOf(page) !== at), 'pages run twice').toEqual([]);
    expect(named.filter((page) => !pages.includes(page)), 'pages without runnable blocks').toEqual([]);
    for (const [file, pagesOfFile] of Object.entries(EXAMPLE_FILES)) {
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
      expect(readFileSync(join(REPO_ROOT, file), 'utf8'), file).toContain(`runExamplesOf(EXAMPLE_FILES['${file}'])`);
      expect(pagesOfFile.length, file).toBeGreaterThan(0);
    }
  });

  it('writes every cms command one way, npx cms (resolved locally), never npx --no-install or npm exec', () => {
    // `npx cms` resolves this package's own bin in the checkout and in a project depending on gitcms; the pages say so once.
    const bare = fences.filter((fence) => /npx --no-install cms|npm exec cms(?! --)/.test(fence.body));
    expect(bare.map(where)).toEqual([]);
  });
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
  });

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
