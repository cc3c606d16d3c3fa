// `cms serve` (the real CLI process, a real port) starts the project's own src/ code: bootstrap runs, the
// custom route and its policy answer, and code that cannot run here stops the start with its file named.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from './serve-project.js';

describe('cms serve with a project\'s own code', () => {
  it('runs bootstrap, then answers the custom route through its policy', async () => {
    const server = await serve(join(import.meta.dirname, 'project'));
    try {
      expect(server.base, server.stderr()).toBeDefined();
      expect(server.stderr()).toContain('[info] extensions project ready');
      expect(server.stderr()).toContain('Project code: 26 file(s) from src/, 30 route(s)');
      const refused = await fetch(`${server.base}/api/articles/nope/like`, { method: 'POST' });
      expect([refused.status, await refused.json()]).toEqual([403, { data: null, error: { status: 403, name: 'PolicyError',
        message: 'Policy Failed', details: {} } }]);
      const missing = await fetch(`${server.base}/api/articles/nope/like`, { method: 'POST', headers: { 'x-like': 'yes' } });
      expect((await missing.json()).error.message).toBe('Article not found');
      const listed = await fetch(`${server.base}/api/articles`);
      expect(listed.headers.get('x-articles-listed')).toBe('yes');
      expect((await listed.json()).meta.wrapped).toBe(true);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('does not start when project code cannot run here, and names the file', async () => {
    const project = mkdtempSync(join(tmpdir(), 'cms-extensions-bad-'));
    cpSync(join(import.meta.dirname, 'project'), project, { recursive: true });
    writeFileSync(join(project, 'src/policies/broken.js'), 'module.exports = (ctx) => strapi.server.use(ctx);\n');
    const server = await serve(project);
    expect(server.code).not.toBe(0);
    expect(server.stderr()).toContain('src/policies/broken.js:1:27: strapi.server is not supported by gitcms');
  }, 120_000);
});
