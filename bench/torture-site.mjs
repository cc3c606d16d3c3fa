// The sites and servers the torture modes run against (bench/torture.mjs and its modes in their own files).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..');

/** A writable copy of the sample site whose Public role may do everything. */
export function writableSite() {
  const root = mkdtempSync(join(tmpdir(), 'cms-torture-'));
  for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) {
    cpSync(join(repo, entry), join(root, entry), { recursive: true });
  }
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  for (const type of Object.keys(config.permissions.public)) {
    config.permissions.public[type] = ['find', 'findOne', 'create', 'update', 'delete'];
  }
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config, null, 2));
  return root;
}

export async function freePort() {
  return new Promise((ok) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

export async function startServer(root, port, { watch = false } = {}) {
  const child = spawn(process.execPath, [join(repo, 'dist/cli/bin.js'), 'serve', '--root', root, '--port', String(port),
    ...(watch ? [] : ['--no-watch'])], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  // Drained, keeping the last lines for a diagnosis: a full pipe would block the server's writes.
  child.stderrTail = '';
  child.stderr.on('data', (chunk) => { child.stderrTail = (child.stderrTail + chunk).slice(-8000); });
  // Up until it answers or exits: a start on a loaded 2-core machine takes many times its quiet 0.5 s, so no attempt count
  // (the caller's own time limit bounds a hang).
  let exited = false;
  child.once('exit', () => { exited = true; });
  while (!exited) {
    try { await fetch(`http://127.0.0.1:${port}/_health`); return child; } catch { await new Promise((ok) => setTimeout(ok, 50)); }
  }
  throw new Error(`server did not start: ${child.stderrTail.trim().split('\n').at(-1) ?? `exit ${child.exitCode}`}`);
}
