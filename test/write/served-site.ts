import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../cli/built-cli.js';
import { startServe } from '../helpers/serve-process.js';
import { stopChild } from '../helpers/stop-child.js';

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
  const { child, base, stderr } = await startServe(BIN, ['--root', root, ...args], { env: { ...process.env, ...env } });
  return {
    base, child, stderr,
    async send(method, path, body, headers = {}) {
      const response = await fetch(`${base}${path}`, {
        method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    stop: () => stopChild(child),
  };
}

/** A content file's fields as JSON (a JSON content file of the site). */
export const fileJson = (root: string, file: string): Record<string, any> => JSON.parse(readFileSync(join(root, file), 'utf8'));
