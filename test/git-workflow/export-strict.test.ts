import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { ProjectProblemsError } from '../../core/errors.js';
import { exportApi } from '../../core/export/export-api.js';
import { copySampleSite } from '../helpers/project.js';
import { cms, writeText } from './helpers.js';

/** The sample site with one author file that is not JSON (a trailing comma). */
function brokenSite(): string {
  const root = copySampleSite();
  writeText(root, 'content/authors/broken.json', '{ "name": "Broken", }\n');
  return root;
}
const outDir = () => mkdtempSync(join(tmpdir(), 'cms-export-strict-'));

describe('a static export fails loudly on a malformed content file by default', () => {
  it('cms export exits 1 naming the file once as path:line:col, and writes nothing', async () => {
    const out = outDir();
    const result = await cms(['export', '--out', out, '--root', brokenSite()]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^content\/authors\/broken\.json:1:\d+: invalid JSON/)]);
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
  });

  it('cms export --no-strict exports the rest, with the file reported as a warning', async () => {
    const out = outDir();
    const result = await cms(['export', '--out', out, '--root', brokenSite(), '--no-strict']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^warning: content\/authors\/broken\.json:1:\d+: invalid JSON/m);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { routes: Record<string, string> };
    expect(Object.keys(manifest.routes)).toContain('/api/authors');
  });

  it('the library: exportApi throws a ProjectProblemsError by default and exports the rest with strict: false', async () => {
    const site = await createCms({ root: brokenSite(), report: () => {} });
    const out = outDir();
    const error = await exportApi(site, { out }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProjectProblemsError);
    expect((error as ProjectProblemsError).problems.map((problem) => problem.file)).toEqual(['content/authors/broken.json']);
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
    expect((await exportApi(site, { out, strict: false })).routes['/api/authors']).toBeDefined();
  });
});
