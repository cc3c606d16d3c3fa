import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite } from '../helpers/project.js';

/**
 * Issue 28, finding 2: each request whose body was answered before it was read (no credential on
 * /api/upload or /admin/api/*: 403; a bad Bearer: 401) left a `close` listener on its kept-alive
 * socket, holding the request and its answer until the socket closed; one client could grow the
 * heap until the server died. The server runs in a child started with --expose-gc, so the heap is
 * measured after a full collection.
 */

const REQUESTS = 4_000;

interface Sample { request: number; close: number; listeners: number; heap: number }

let run: { sockets: number; statuses: Record<string, number>; samples: Sample[] };

beforeAll(() => {
  ensureBuilt();
  const child = join(import.meta.dirname, 'fixtures/refused-bodies.mjs');
  const args = ['--expose-gc', child, copySampleSite(), String(REQUESTS)];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 110_000 });
  run = JSON.parse(out.trim().split('\n').pop()!);
});

describe('bodies refused before they are read, over one kept-alive socket', () => {
  it('are all answered 401 or 403 on the same connection', () => {
    expect(run.sockets).toBe(1);
    // Every third request carries a bad Bearer (401); the others carry no credential (403).
    expect(run.statuses).toEqual({ 401: Math.floor(REQUESTS / 3), 403: REQUESTS - Math.floor(REQUESTS / 3) });
  });

  it('leave no listener behind on the socket', () => {
    const first = run.samples[0];
    for (const sample of run.samples) {
      expect(sample.close, `close listeners after ${sample.request} requests`).toBe(first.close);
      expect(sample.listeners, `listeners after ${sample.request} requests`).toBe(first.listeners);
    }
  });

  it('keep the heap bounded', () => {
    // Generous: the leak retained a request and an answer (several KB) per refused body; a
    // collected heap may still move by a few MB between samples for reasons of its own.
    const growth = run.samples.at(-1)!.heap - run.samples[1].heap;
    expect(growth).toBeLessThan(16 * 1024 * 1024);
  });
});
