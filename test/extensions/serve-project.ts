// `cms serve` (the real CLI process, a real port) on a copy of a fixture project, for the extensions tests (and the studio's first
// load, from a copy of the package).
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { startServe, type ServeExited } from '../helpers/serve-process.js';
import { stopChild } from '../helpers/stop-child.js';

interface Served { base?: string; code?: number | null; stderr: () => string; stop: () => Promise<void> }

/**
 * `cms serve` on a copy of `project`: resolves with its base URL once serving (and a stop), or with its exit code and stderr.
 * `bin` is another copy of the CLI (a package laid out elsewhere); `admin` serves the studio too.
 */
export async function serve(project: string, { bin = BIN, admin = false } = {}) {
  ensureBuilt();
  const root = mkdtempSync(join(tmpdir(), 'cms-extensions-serve-'));
  cpSync(project, root, { recursive: true });
  const args = ['--root', root, '--no-watch'];
  if (!admin) args.push('--no-admin');
  const env = {
    ...process.env, CMS_JWT_SECRET: 'serve-test-jwt-secret-0123456789abcdef0123456789',
    CMS_API_TOKEN_SALT: 'serve-test-salt-0123456789abcdef0123456789abcdef',
  };
  return startServe(bin, args, { env }).then(
    ({ base, child, stderr }): Served => ({ base, stderr, stop: () => stopChild(child) }),
    (error: ServeExited): Served => ({ code: error.code, stderr: () => error.stderr, stop: async () => {} }),
  );
}

