import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../core/cluster/ports.js';
import { BIN } from '../cli/built-cli.js';

/** A `cms serve` of a site as a real process (watching its files, as people run it). */
export interface ServedSite {
  base: string;
  child: ChildProcess;
  stderr: () => string;
  /** A JSON request to the served API: its status and parsed body. */
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** Start `cms serve --root root …args`; resolves once it says it is serving. */
export async function serveSite(root: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ServedSite> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve', '--root', root, '--port', String(port), '--host', '127.0.0.1', ...args],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  await new Promise<void>((resolveServing, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Serving ')) resolveServing();
    });
    child.once('exit', (code) => reject(new Error(`cms serve exited with ${code}: ${stderr}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base, child, stderr: () => stderr,
    async send(method, path, body, headers = {}) {
      const response = await fetch(`${base}${path}`, {
        method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    stop: () => new Promise<void>((resolveStop) => {
      if (child.exitCode !== null) return resolveStop();
      child.once('exit', () => resolveStop());
      child.kill('SIGTERM');
    }),
  };
}

/** A content file's fields as JSON (a JSON content file of the site). */
export const fileJson = (root: string, file: string): Record<string, any> => JSON.parse(readFileSync(join(root, file), 'utf8'));
