// `cms serve` (the real CLI process, a real port) on a copy of a fixture project, for the extensions tests (and the studio's first
// load, from a copy of the package).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../core/cluster/ports.js';
import { BIN, ensureBuilt } from '../cli/built-cli.js';

/**
 * `cms serve` on a copy of `project`: resolves with its base URL once serving (and a stop), or with its exit code and stderr.
 * `bin` is another copy of the CLI (a package laid out elsewhere); `admin` serves the studio too.
 */
export async function serve(project: string, { bin = BIN, admin = false } = {}) {
  ensureBuilt();
  const root = mkdtempSync(join(tmpdir(), 'cms-extensions-serve-'));
  cpSync(project, root, { recursive: true });
  const port = await freePort();
  const args = [bin, 'serve', '--root', root, '--port', String(port), '--host', '127.0.0.1', '--no-watch'];
  if (!admin) args.push('--no-admin');
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env, CMS_JWT_SECRET: 'serve-test-jwt-secret-0123456789abcdef0123456789',
      CMS_API_TOKEN_SALT: 'serve-test-salt-0123456789abcdef0123456789abcdef',
    },
  });
  let stderr = '';
  return new Promise<{ base?: string; code?: number | null; stderr: () => string; stop: () => void }>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Serving ')) resolve({ base: `http://127.0.0.1:${port}`, stderr: () => stderr,
        stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => resolve({ code, stderr: () => stderr, stop: () => {} }));
  });
}

