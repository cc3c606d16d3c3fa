import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../core/cluster/ports.js';
import { stopChild } from './stop-child.js';

export interface Nginx { base: string; version: string; stop: () => Promise<void> }

/**
 * The system's nginx with `httpIncludes` inside http { } and a server on a free local port whose root
 * is `root`, `serverIncludes` inside it. `nginx -t` runs first and throws with nginx's own message.
 */
export async function startNginx(root: string, httpIncludes: string[], serverIncludes: string[]): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'cms-nginx-'));
  mkdirSync(join(prefix, 'temp'));
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(prefix, 'temp')};`).join(' ');
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, `daemon off;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')};
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  ${temp}
${httpIncludes.map((file) => `  include ${file};`).join('\n')}
  server {
    listen 127.0.0.1:${port};
    root ${root};
${serverIncludes.map((file) => `    include ${file};`).join('\n')}
  }
}
`);
  // -e: the start-up error log too, so a run without root never touches /var/log/nginx.
  const args = ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')];
  execFileSync('nginx', ['-t', '-q', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const child = spawn('nginx', args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const base = `http://127.0.0.1:${port}`;
  // Ready when it answers; the loop ends on the first answer or when nginx exits.
  let running = true;
  void exited.then(() => { running = false; });
  for (;;) {
    if (!running) throw new Error('nginx exited at start');
    try { await fetch(`${base}/`); break; } catch { await new Promise((resolveTick) => setImmediate(resolveTick)); }
  }
  const version = execFileSync('sh', ['-c', 'nginx -v 2>&1'], { encoding: 'utf8' }).trim();
  return { base, version, stop: () => stopChild(child, 'SIGQUIT') };
}
