// `cms serve` (the real CLI process, a real port) starts the project's own src/ code: bootstrap runs, the
// custom route and its policy answer, and code that cannot run here stops the start with its file named.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../core/cluster/ports.js';
import { BIN, ensureBuilt } from '../cli/built-cli.js';

/** `cms serve` on a copy of `project`: resolves with its base URL once serving (and a stop), or with its exit code and stderr. */
async function serve(project: string) {
  ensureBuilt();
  const root = mkdtempSync(join(tmpdir(), 'cms-extensions-serve-'));
  cpSync(project, root, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve', '--root', root, '--port', String(port), '--host', '127.0.0.1', '--no-watch', '--no-admin'], {
    stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CMS_JWT_SECRET: 'serve-test-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'serve-test-salt-0123456789abcdef0123456789abcdef' },
  });
  let stderr = '';
  return new Promise<{ base?: string; code?: number | null; stderr: () => string; stop: () => void }>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Serving ')) resolve({ base: `http://127.0.0.1:${port}`, stderr: () => stderr, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => resolve({ code, stderr: () => stderr, stop: () => {} }));
  });
}

describe('cms serve with a project\'s own code', () => {
  it('runs bootstrap, then answers the custom route through its policy', async () => {
    const server = await serve(join(import.meta.dirname, 'project'));
    try {
      expect(server.base, server.stderr()).toBeDefined();
      expect(server.stderr()).toContain('[info] extensions project ready');
      expect(server.stderr()).toContain('Project code: 19 file(s) from src/, 23 route(s)');
      const refused = await fetch(`${server.base}/api/articles/nope/like`, { method: 'POST' });
      expect([refused.status, await refused.json()]).toEqual([403, { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } }]);
      const missing = await fetch(`${server.base}/api/articles/nope/like`, { method: 'POST', headers: { 'x-like': 'yes' } });
      expect((await missing.json()).error.message).toBe('Article not found');
      const listed = await fetch(`${server.base}/api/articles`);
      expect(listed.headers.get('x-articles-listed')).toBe('yes');
      expect((await listed.json()).meta.wrapped).toBe(true);
    } finally {
      server.stop();
    }
  }, 120_000);

  it('does not start when project code cannot run here, and names the file', async () => {
    const project = mkdtempSync(join(tmpdir(), 'cms-extensions-bad-'));
    cpSync(join(import.meta.dirname, 'project'), project, { recursive: true });
    writeFileSync(join(project, 'src/policies/broken.js'), 'module.exports = (ctx) => strapi.entityService.count("x");\n');
    const server = await serve(project);
    expect(server.code).not.toBe(0);
    expect(server.stderr()).toContain('src/policies/broken.js:1:27: strapi.entityService is not supported by gitcms');
  }, 120_000);
});
