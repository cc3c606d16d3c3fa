import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';
import { ARTICLES, PUBLISHED_IDS } from './sample-site.js';
import { freePort } from '../../core/cluster/ports.js';
import { stopChild } from '../helpers/stop-child.js';

/** Resolves with the served address once the server says it is serving; rejects if it exits first. */
function waitForServing(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const serving = /Serving .* at (http:\/\/\S+)\/api/.exec(stderr);
      if (serving) resolve(serving[1]);
    });
    child.once('exit', (code) => reject(new Error(`cms serve exited with ${code}: ${stderr}`)));
  });
}

let child: ChildProcess | undefined;
let base = '';
beforeAll(async () => {
  ensureBuilt();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [BIN, 'serve', '--root', REPO_ROOT, '--port', String(port), '--host', '127.0.0.1', '--no-watch'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  await waitForServing(child);
}, 120_000);

afterAll(async () => {
  await stopChild(child);
});

describe('cms serve on a real port (smoke)', () => {
  it('answers GET /api/articles over TCP with the Strapi list body', async () => {
    const response = await fetch(`${base}/api/articles?fields=title&pagination[pageSize]=100`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body.data.map((entry: { documentId: string }) => entry.documentId)).toEqual(PUBLISHED_IDS);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 13 });
  });

  it('answers findOne and a 404 envelope over TCP', async () => {
    const one = await fetch(`${base}/api/articles/${ARTICLES.rome}?fields=title`);
    expect(await one.json()).toEqual({ data: { id: 7047790394410502, documentId: ARTICLES.rome, title: 'The best coffee in Rome' },
      meta: {} });
    const missing = await fetch(`${base}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  });
});

describe('cms serve --port 0', () => {
  it('binds a free port the system chooses, so two servers started at once both serve', async () => {
    const started = [0, 1].map(() => spawn(process.execPath,
      [BIN, 'serve', '--root', REPO_ROOT, '--port', '0', '--host', '127.0.0.1', '--no-watch'], { stdio: ['ignore', 'ignore', 'pipe'] }));
    try {
      const origins = await Promise.all(started.map(waitForServing));
      const ports = origins.map((origin) => Number(new URL(origin).port));
      expect(new Set(ports).size).toBe(2);
      // not listhen's development range (3000–3100), which it checks before binding and two servers can both choose
      for (const port of ports) expect(port < 3000 || port > 3100).toBe(true);
      for (const origin of origins) expect((await fetch(`${origin}/api/articles?fields=title`)).status).toBe(200);
    } finally {
      await Promise.all(started.map((child) => stopChild(child)));
    }
  }, 120_000);
});
