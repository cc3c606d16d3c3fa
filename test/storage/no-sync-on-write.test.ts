// Issue 35, item 7: in a 100-connection soak, reads queued behind writes to two hot documents (p99 9.3 s, reads alone
// 484 ms) while the server's CPU was mostly idle: its event loop stalled in synchronous file-system calls that wait for the
// disk's journal behind other writes' fsyncs. Every file-system call a write makes goes to the thread pool, so reads of
// other documents are answered while a write waits for the disk. The inline calls are on a descriptor whose bytes are
// already synced (or that was only read): closing it, which has nothing to write, and asking its modification time
// (fstat), which reads the inode in memory with no path to look up; neither waits for the journal, and a thread-pool
// round trip for either cost more CPU than the call (core/storage/durable-fs.ts, closeNow and writeSynced).
import * as fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { startApp, copySampleSite } from '../helpers/project.js';

const recorder = vi.hoisted(() => ({ on: false, calls: [] as string[] }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const wrapped: Record<string, unknown> = { ...real };
  for (const [name, value] of Object.entries(real)) {
    if (!name.endsWith('Sync') || typeof value !== 'function') continue;
    wrapped[name] = (...args: unknown[]) => {
      if (recorder.on) recorder.calls.push(`${name}(${String(args[0])})`);
      return (value as (...rest: unknown[]) => unknown)(...args);
    };
  }
  return { ...wrapped, default: wrapped };
});

describe('a write and the event loop', () => {
  it('makes no synchronous file-system call but closing or fstat-ing a synced descriptor while it writes, so it never stalls the reads of other documents', async () => {
    // The sample site takes its timestamps from history: each write also sets its file's modification time.
    const server = await startApp(copySampleSite(), { report: () => {} });
    const { body } = await server.getJson('/api/tags?pagination[pageSize]=2');
    const [hot, other] = body.data as { documentId: string }[];
    const token = await server.cms.auth.tokens.create({ name: 'writer', type: 'full-access' });
    const auth = { authorization: `Bearer ${token.accessKey}` };
    // The token's first use records its lastUsedAt (hourly) in .cms/state.json: done before the writes are watched.
    expect((await server.getJson('/api/tags', { headers: auth })).status).toBe(200);
    recorder.on = true;
    const writes = Array.from({ length: 4 }, (_, at) =>
      server.sendJson('PUT', `/api/tags/${hot.documentId}`, { data: { name: `Hot ${at}` } }, auth));
    const read = await server.getJson(`/api/tags/${other.documentId}`);
    const answers = await Promise.all(writes);
    recorder.on = false;
    expect(read.status).toBe(200);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(recorder.calls.filter((call) => !/^(close|fstat)Sync\(\d+\)$/.test(call))).toEqual([]);
    expect(fs.readFileSync(`${server.cms.root}/content/tags/${hot.documentId}.json`, 'utf8')).toContain('Hot ');
  });
});
