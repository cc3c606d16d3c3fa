import { renameSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { git } from './helpers.js';
import { everything, head, onRemote, remoteAndClones, tip } from './replica-helpers.js';

vi.setConfig({ testTimeout: 180_000 });

/** Two servers on clones of one remote; b never pulls on its own (no poll under test), so its writes race a's. */
async function twoReplicas() {
  const { remote, clones } = await remoteAndClones(2);
  const reports: string[] = [];
  const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: (line) => reports.push(line) })));
  return { remote, clones, a, b, reports };
}

const put = (server: TestServer, path: string, data: Record<string,
  unknown>) => server.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });

/** After the race: both clones pull, hold exactly the remote's tip with a clean tree, and answer what it holds. */
async function converged(remote: string, clones: string[], servers: TestServer[]) {
  for (const server of servers) await server.cms.replica!.pull();
  for (const clone of clones) {
    expect(head(clone)).toBe(tip(remote));
    expect(git(clone, 'status', '--porcelain')).toBe('');
  }
  const [first, ...rest] = await Promise.all(servers.map(everything));
  for (const other of rest) expect(other).toEqual(first);
}

const WEBHOOKS = { webhooks: [{ url: 'http://hooks.test/cms', events: ['entry.update'] }] };

/** A server per clone (a, b, …) whose webhooks are recorded in `sent` as [server, entry title] (no retries). */
async function hooked({ clones }: { clones: string[] }) {
  const sent: Array<[string, string]> = [];
  const servers = await Promise.all(clones.map((root, at) => startApp(root, {
    report: () => {},
    webhooks: {
      retryDelays: [],
      fetch: (async (_url: string, init: RequestInit) => {
        sent.push([['a', 'b'][at], JSON.parse(String(init.body)).entry.title]);
        return new Response(null, { status: 204 });
      }) as unknown as typeof fetch,
    },
  })));
  return { sent, servers };
}

describe('replicas that write: the remote orders the writes', () => {
  it('same field saved on two replicas: both acknowledged, the remote holds the one it took last, neither clone diverges', async () => {
    const { remote, clones, a, b, reports } = await twoReplicas();
    const first = await put(a, '/api/notes/shared', { title: 'Saved on a' });
    expect(first.status).toBe(200);
    // b has not seen a's save: its push is rejected and its update runs again on a's commit.
    const second = await put(b, '/api/notes/shared', { title: 'Saved on b' });
    expect(second.status).toBe(200);
    expect((await second.json()).data.title).toBe('Saved on b');
    const [commitA, commitB] = [first.headers.get('x-cms-commit')!, second.headers.get('x-cms-commit')!];
    expect(git(remote, 'merge-base', '--is-ancestor', commitA, commitB)).toBe('');
    expect(commitB).toBe(tip(remote));
    expect(onRemote(remote, 'content/notes/shared.json').title).toBe('Saved on b');
    expect(git(clones[1], 'reflog', '-3')).toMatch(/reset: moving to/);
    await converged(remote, clones, [a, b]);
    expect(reports).toEqual([]);
  });

  it('at once on two replicas, the later acknowledged commit holds its value', async () => {
    const { remote, clones, a, b } = await twoReplicas();
    const answers = await Promise.all([put(a, '/api/notes/shared', { title: 'Race a' }), put(b, '/api/notes/shared', { title: 'Race b' })]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const commits = answers.map((answer) => answer.headers.get('x-cms-commit')!);
    const later = commits.indexOf(tip(remote));
    expect(later).toBeGreaterThanOrEqual(0);
    expect(onRemote(remote, 'content/notes/shared.json').title).toBe(['Race a', 'Race b'][later]);
    await converged(remote, clones, [a, b]);
  });

  it('an update racing a delete from another replica is a 404 once the delete is on the remote; nothing comes back', async () => {
    const { remote, clones, a, b } = await twoReplicas();
    expect((await a.request('/api/notes/shared', { method: 'DELETE' })).status).toBe(204);
    const late = await put(b, '/api/notes/shared', { views: 3 });
    expect(late.status).toBe(404);
    expect(git(remote, 'ls-tree', '--name-only', 'main', 'content/notes/')).toBe('');
    expect(head(clones[1])).toBe(tip(remote));
    await converged(remote, clones, [a, b]);
    expect((await b.getJson('/api/notes/shared')).status).toBe(404);
  });

  it('a slug made from one title on two replicas at once is stored once: the second is made unique on the remote', async () => {
    const { remote, clones, a, b } = await twoReplicas();
    const made = await Promise.all([a, b].map((server) => server.sendJson('POST', '/api/notes', { data: { title: 'Hello world' } })));
    for (const answer of made) expect(answer.status).toBe(201);
    const slugs = made.map((answer) => answer.body.data.slug).sort();
    expect(slugs).toEqual(['hello-world', 'hello-world-1']);
    for (const answer of made) {
      expect(onRemote(remote, `content/notes/${answer.body.data.documentId}.json`).slug).toBe(answer.body.data.slug);
    }
    await converged(remote, clones, [a, b]);
  });

  it('writes pushed together are still one commit each, with only their own file, their message and their author', async () => {
    const { remote, clones, a } = await twoReplicas();
    const made = await Promise.all(['One', 'Two', 'Three'].map((title) => a.sendJson('POST', '/api/notes', { data: { title } })));
    await a.sendJson('PUT', '/api/notes/shared', { data: { views: 9 } });
    const log = git(remote, 'log', '--format=%x1e%an|%s', '--name-only',
      'main').split('\x1e').filter(Boolean).map((entry) => entry.trim().split('\n').filter(Boolean));
    const ids = made.map((answer) => answer.body.data.documentId);
    expect(log.slice(0, 4).sort()).toEqual([
      ...ids.map((id) => [`public|Create api::note.note ${id}`, `content/notes/${id}.json`]),
      ['public|Update api::note.note shared', 'content/notes/shared.json'],
    ].sort());
    expect(git(clones[0], 'status', '--porcelain')).toBe('');
    expect(head(clones[0])).toBe(tip(remote));
  });

  it('a write run again on a new tip sends its webhook once, with what reached the remote', async () => {
    // The push timeout as the other races here (PATIENT_PUSH_TIMEOUT): b's re-run on a's commit must not outlast it under load.
    const { sent, servers: [a, b] } = await hooked(await remoteAndClones(2, {}, WEBHOOKS));
    expect((await put(a, '/api/notes/shared', { title: 'From a' })).status).toBe(200);
    // b's first attempt is committed locally, its push rejected, its update run again: one webhook, after the push.
    expect((await put(b, '/api/notes/shared', { title: 'From b' })).status).toBe(200);
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(2);
    expect(sent).toEqual([['a', 'From a'], ['b', 'From b']]);
  });

  it('a write answered 503 sends no webhook; the next one, once the remote is back, sends its own', async () => {
    // A 503 comes once `git.pushTimeout` has passed: 5 s here rather than the patient 60 (one replica, nothing racing it).
    const { remote, clones } = await remoteAndClones(1, { pushTimeout: 5 }, WEBHOOKS);
    const { sent, servers: [a] } = await hooked({ clones });
    renameSync(remote, `${remote}-away`);
    expect((await put(a, '/api/notes/shared', { title: 'Never saved' })).status).toBe(503);
    renameSync(`${remote}-away`, remote);
    expect((await put(a, '/api/notes/shared', { title: 'Saved again' })).status).toBe(200);
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    expect(sent).toEqual([['a', 'Saved again']]);
  });
});
