import { createServer, type RequestListener, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { branchRows } from '../../bench/branch-rows.mjs';
import { emptyProject, ENV, readScenarios, seed, seedRequests } from '../../bench/strapi-rows.mjs';
import { createCms } from '../../core/cms.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

// The Strapi table's branch rows (bench/branch-rows.mjs) put this server beside a bare server sending the same bytes. The
// limit must be sent the very request this server is sent (the caller's Authorization and Cms-Branch too), as in the base's
// rows: a limit spared the headers' parsing would hold this server to a lighter job than its own.

interface Target { url: string; headers?: Record<string, string> }

const listen = (handler: RequestListener) => new Promise<Server>((ok) => {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1', () => ok(server));
});

async function body({ url, headers }: Target): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text() };
}

describe('the Strapi table\'s branch rows', () => {
  it('send the same-bytes limit the caller\'s very request, which it answers with this server\'s bytes', async () => {
    const root = emptyProject(removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-branch-rows-'))));
    const env = { ...process.env, ...ENV };
    const cms = await createCms({ root, env, report: () => {} });
    const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
    const server = await listen(createNodeHandler(cms));
    let ids: Map<string, string>;
    try {
      ids = await seed(`http://127.0.0.1:${(server.address() as { port: number }).port}`, token, seedRequests(10));
    } finally {
      server.close();
      await cms.close();
    }

    const measured: { limit: Target; ours: Target; limitAnswer: unknown; oursAnswer: unknown }[] = [];
    const rows: unknown[][] = [];
    const copy = await branchRows({
      createCms, createNodeHandler, listen, row: (...args: unknown[]) => rows.push(args), from: root, env,
      scenarios: readScenarios(ids), callers: [['anonymous', {}], ['API token', { authorization: `Bearer ${token}` }]],
      articleIds: [...ids].filter(([key]) => key.startsWith('article')).map(([, id]) => id),
      measure: async (limit: Target, ours: Target) => {
        measured.push({ limit, ours, limitAnswer: await body(limit), oursAnswer: await body(ours) });
        return { limitRps: 1, oursRps: 1, ratio: 1, low: 1, high: 1, p50: 0, errors: 0 };
      },
      wanted: () => true,
    });
    rmSync(copy, { recursive: true, force: true });

    expect(rows).toHaveLength(8);
    expect(measured).toHaveLength(8);
    for (const { limit, ours, limitAnswer, oursAnswer } of measured) {
      expect(ours.headers?.['cms-branch']).toBe('bench');
      expect(limit.headers).toEqual(ours.headers);
      expect(new URL(limit.url).pathname + new URL(limit.url).search).toBe(new URL(ours.url).pathname + new URL(ours.url).search);
      expect(limitAnswer).toEqual(oursAnswer);
      expect((oursAnswer as { status: number }).status).toBe(200);
    }
    expect(measured.filter(({ ours }) => ours.headers?.authorization === `Bearer ${token}`)).toHaveLength(4);
  });
});
