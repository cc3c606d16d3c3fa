import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { serve } from '../../core/http/serve.js';
import { LOOKUP_ALLOWANCE } from '../../core/replication/replica-catch-up.js';
import { startApp } from '../helpers/project.js';
import { remoteAndClones, tip } from './replica-helpers.js';

// Issue 35 item 5: a made-up X-Cms-Commit (header or cookie) cost a replica a git call under the lock and a fetch from
// the origin on every request, with no credential: ~25 times a plain read. Counted here in git runs, not in time.
vi.setConfig({ testTimeout: 180_000 });

const runs = vi.hoisted(() => [] as Array<{ cwd: string; args: string[] }>);
vi.mock('node:child_process', async (original) => {
  const actual = await original<typeof import('node:child_process')>();
  const promised = (actual.execFile as unknown as Record<symbol, (...args: unknown[]) => unknown>)[promisify.custom];
  // Both forms: core's runFile (core/process/run-file.ts) starts its programs with the callback one.
  const counted = ((file: string, args: string[], options?: { cwd?: string }, ...rest: unknown[]) => {
    if (file === 'git') runs.push({ cwd: String(options?.cwd ?? ''), args });
    return (actual.execFile as (...all: unknown[]) => unknown)(file, args, options, ...rest);
  }) as unknown as typeof actual.execFile;
  Object.assign(counted, { [promisify.custom]: (file: string, args: string[], options?: { cwd?: string }) => {
    if (file === 'git') runs.push({ cwd: String(options?.cwd ?? ''), args });
    return promised(file, args, options);
  } });
  // And the streamed reads (core/process/stream-file.ts: ls-tree, ls-files, log, cat-file --batch) start with spawn.
  const spawned = ((file: string, args: string[], options?: { cwd?: string }) => {
    if (file === 'git') runs.push({ cwd: String(options?.cwd ?? ''), args });
    return (actual.spawn as (...all: unknown[]) => unknown)(file, args, options);
  }) as unknown as typeof actual.spawn;
  return { ...actual, execFile: counted, spawn: spawned };
});

// Counted where they start: in this process, never handed to the spawner process (whose starts no mock here sees).
process.env.CMS_SPAWNER = 'off';

const madeUp = () => randomBytes(20).toString('hex');

describe('read-your-writes cannot be turned into work', () => {
  it('a client naming made-up commits gets a few looked up, then none: no git run, no fetch, as a plain read', async () => {
    const { clones } = await remoteAndClones(1);
    const root = clones[0];
    const server = await startApp(root, { report: () => {} });
    const inClone = () => runs.filter((run) => run.cwd === root);
    const fetches = () => inClone().filter((run) => run.args.includes('fetch')).length;
    const read = (headers: Record<string, string> = {}) => server.getJson('/api/notes', { headers });
    expect((await read()).status).toBe(200);

    const before = { runs: inClone().length, fetches: fetches() };
    for (let i = 0; i < 20; i++) expect((await read()).status).toBe(200);
    const plain = inClone().length - before.runs;

    // The allowance: each miss is one check here, one on the fetched tip, one fetch and one check after it.
    for (let i = 0; i < LOOKUP_ALLOWANCE; i++) expect((await read({ 'x-cms-commit': madeUp() })).status).toBe(200);
    expect(fetches() - before.fetches).toBe(LOOKUP_ALLOWANCE);
    const spent = { runs: inClone().length, fetches: fetches() };
    for (let i = 0; i < 10; i++) expect((await read({ 'x-cms-commit': madeUp() })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await read({ cookie: `cms_commit=${madeUp()}` })).status).toBe(200);
    // 20 reads naming made-up commits cost what 20 plain reads cost (within 2×): no git run at all.
    expect(inClone().length - spent.runs).toBeLessThanOrEqual(2 * plain);
    expect(fetches()).toBe(spent.fetches);
  });

  it('a made-up commit is remembered for every client; a real one still catches up, announced by a peer or fetched', async () => {
    const { remote, clones } = await remoteAndClones(2, {}, { server: { proxy: { koa: true } } });
    const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: () => {} })));
    const listener = await serve(b.cms, { port: 0, host: '127.0.0.1', showURL: false });
    try {
      const url = `${listener.url.replace(/\/$/, '')}/api/notes`;
      const read = (client: string, commit: string) =>
        fetch(url, { headers: { 'x-forwarded-for': client, 'x-cms-commit': commit } }).then((answer) => answer.status);
      const fake = madeUp();
      expect(await read('203.0.113.7', fake)).toBe(200);
      const fetched = runs.filter((run) => run.cwd === clones[1] && run.args.includes('fetch')).length;
      for (let i = 0; i < 5; i++) expect(await read(`198.51.100.${i}`, fake)).toBe(200);
      expect(runs.filter((run) => run.cwd === clones[1] && run.args.includes('fetch')).length).toBe(fetched);

      // A client that spent its allowance still reads a commit a peer announced.
      for (let i = 0; i < LOOKUP_ALLOWANCE; i++) expect(await read('203.0.113.8', madeUp())).toBe(200);
      const written = await a.sendJson('POST', '/api/notes', { data: { title: 'Announced' } });
      const commit = tip(remote);
      b.cms.replica!.announce(commit);
      const answer = await fetch(`${url}/${written.body.data.documentId}`,
        { headers: { 'x-forwarded-for': '203.0.113.8', 'x-cms-commit': commit } });
      expect(answer.status).toBe(200);
      // And a client with its allowance left reads one nobody announced (one fetch finds it on the remote).
      const second = await a.sendJson('POST', '/api/notes', { data: { title: 'Fetched' } });
      const found = await fetch(`${url}/${second.body.data.documentId}`,
        { headers: { 'x-forwarded-for': '198.51.100.50', 'x-cms-commit': tip(remote) } });
      expect(found.status).toBe(200);
    } finally {
      await listener.close();
    }
  });

  it('a peer\'s notice (X-Cms-Peer: <commit>, with the pull token) announces the commit it pushed; a webhook\'s (1) none', async () => {
    const { clones } = await remoteAndClones(1);
    const token = 'a-long-replica-secret';
    const server = await startApp(clones[0], { report: () => {}, env: { CMS_GIT_PULL_TOKEN: token } });
    const announce = vi.spyOn(server.cms.replica!, 'announce');
    const notice = (peer: string) => server.request('/_cms/git/pull', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-cms-peer': peer },
    });
    const commit = madeUp();
    expect((await notice(commit)).status).toBe(200);
    expect((await notice('1')).status).toBe(200);
    expect(announce.mock.calls).toEqual([[commit]]);
    const stranger = await server.request('/_cms/git/pull', { method: 'POST', headers: { 'x-cms-peer': madeUp() } });
    expect(stranger.status).toBe(401);
    expect(announce).toHaveBeenCalledTimes(1);
  });
});
