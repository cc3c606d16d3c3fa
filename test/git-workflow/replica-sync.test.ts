import { describe, expect, it, vi } from 'vitest';
import { startApp } from '../helpers/project.js';
import { git, writeText } from './helpers.js';
import { head, listening, remoteAndClones, tip } from './replica-helpers.js';

vi.setConfig({ testTimeout: 180_000 });

const TOKEN = 'a-long-replica-secret';

describe('replicas that write: learning of each other\'s writes', () => {
  it('a read naming a newer commit (header or cookie) catches up first; a commit the remote never had is served at once, with no pull', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: () => {} })));
    const written = await a.request('/api/notes', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'Fresh' } }) });
    expect(written.status).toBe(201);
    const commit = written.headers.get('x-cms-commit')!;
    expect(commit).toBe(tip(remote));
    expect(written.headers.get('set-cookie')).toBe(`cms_commit=${commit}; Path=/; Max-Age=300; SameSite=Lax; HttpOnly`);
    const { documentId } = (await written.json()).data;

    expect((await b.getJson(`/api/notes/${documentId}`)).status).toBe(404);
    const read = await b.getJson(`/api/notes/${documentId}`, { headers: { 'x-cms-commit': commit } });
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('Fresh');
    expect(head(clones[1])).toBe(commit);

    const updated = await a.request(`/api/notes/${documentId}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Fresher' } }) });
    const viaCookie = await b.getJson(`/api/notes/${documentId}`,
      { headers: { cookie: `theme=dark; cms_commit=${updated.headers.get('x-cms-commit')}` } });
    expect(viaCookie.body.data.title).toBe('Fresher');

    // A well-formed commit the remote never had (stale, or made up by anyone): one fetch, then served at once, as it is;
    // no pull (a reset under the exclusive lock, which holds writes back) is run for it.
    const resets = git(clones[1], 'reflog').split('\n').length;
    const unknown = await b.getJson('/api/notes', { headers: { 'x-cms-commit': 'f'.repeat(40) } });
    expect(unknown.status).toBe(200);
    expect((await b.getJson('/api/notes', { headers: { cookie: `cms_commit=${'e'.repeat(40)}` } })).status).toBe(200);
    expect(git(clones[1], 'reflog').split('\n').length).toBe(resets);
    // Not a commit at all: ignored, as any other header.
    expect((await b.getJson('/api/notes', { headers: { 'x-cms-commit': 'latest' } })).status).toBe(200);
  });

  it('a replica that pushed tells its peers, which pull at once; a webhook sent to one replica reaches the others', async () => {
    const { clones } = await remoteAndClones(3);
    const [b, c] = await Promise.all(
      clones.slice(1).map((root) => startApp(root, { report: () => {}, env: { CMS_GIT_PULL_TOKEN: TOKEN } })),
    );
    const [peerB, peerC] = await Promise.all([listening(b), listening(c)]);
    try {
      const a = await startApp(clones[0], { report: () => {}, env: { CMS_GIT_PULL_TOKEN: TOKEN, CMS_GIT_PEERS: `${peerB.url}/` } });
      const created = (await a.sendJson('POST', '/api/notes', { data: { title: 'Told' } })).body.data;
      // No poll runs under test: only a's notice can bring the note to b.
      await expect.poll(async () => (await b.getJson(`/api/notes/${created.documentId}`)).status, { timeout: 30_000 }).toBe(200);
      expect((await c.getJson(`/api/notes/${created.documentId}`)).status).toBe(404);

      // A hosting site's webhook reaching b (through a balancer, say) is passed on to b's peers.
      const d = await startApp(clones[0], { report: () => {}, env: { CMS_GIT_PULL_TOKEN: TOKEN,
        CMS_GIT_PEERS: `${peerB.url},${peerC.url}` } });
      const fanned = await d.request('/_cms/git/pull', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(fanned.status).toBe(200);
      await expect.poll(async () => (await c.getJson(`/api/notes/${created.documentId}`)).status, { timeout: 30_000 }).toBe(200);
    } finally {
      await Promise.all([peerB.close(), peerC.close()]);
    }
  });

  it('the poll asks the remote for its tip and pulls only when it moved', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: () => {} })));
    const before = git(clones[1], 'rev-parse', 'refs/remotes/origin/main');
    // The first poll pulls once whatever it finds (a replica killed mid-write left files behind, say).
    await b.cms.replica!.poll();
    const first = (await b.cms.replica!.status()).lastPull;
    await b.cms.replica!.poll();
    // Nothing moved: not even a fetch (no new pull recorded).
    expect((await b.cms.replica!.status()).lastPull).toEqual(first);
    const created = (await a.sendJson('POST', '/api/notes', { data: { title: 'Polled' } })).body.data;
    await b.cms.replica!.poll();
    expect((await b.getJson(`/api/notes/${created.documentId}`)).status).toBe(200);
    expect(head(clones[1])).toBe(tip(remote));
    expect(before).not.toBe(tip(remote));
  });

  it('a replica that finds itself diverged (a hand commit, a hand edit, a file left by a replica killed mid-write) keeps them on stray refs, resets to the remote and says so', async () => {
    const { remote, clones } = await remoteAndClones(1);
    const reports: string[] = [];
    const server = await startApp(clones[0], { report: (line) => reports.push(line), env: { CMS_GIT_PULL_TOKEN: TOKEN } });
    const [clone] = clones;
    writeText(clone, 'content/notes/shared.json', '{\n  "title": "Hand commit"\n}\n');
    git(clone, 'commit', '--quiet', '-am', 'A hand commit');
    const stray = head(clone);
    writeText(clone, 'content/notes/shared.json', '{\n  "title": "Hand edit"\n}\n');
    writeText(clone, 'content/notes/left-behind.json', '{\n  "title": "Never pushed"\n}\n');
    await server.cms.reload();
    expect((await server.getJson('/api/notes/left-behind')).status).toBe(200);

    await server.cms.replica!.poll();
    expect(head(clone)).toBe(tip(remote));
    expect(git(clone, 'status', '--porcelain')).toBe('');
    expect((await server.getJson('/api/notes/shared')).body.data.title).toBe('Shared');
    const refs = git(clone, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/cms/stray/').split('\n');
    expect(refs).toEqual([expect.stringMatching(/^refs\/cms\/stray\/\S+-changes \w+$/), `${refs[1].split(' ')[0]} ${stray}`]);
    expect(refs[1]).toMatch(/^refs\/cms\/stray\/\S+-commits /);
    expect(git(clone, 'show', `${refs[0].split(' ')[0]}:content/notes/shared.json`)).toContain('Hand edit');
    expect(git(clone, 'show', `${refs[0].split(' ')[0]}:content/notes/left-behind.json`)).toContain('Never pushed');
    expect(git(clone, 'ls-files', '--others', 'content')).toBe('');
    expect((await server.getJson('/api/notes/left-behind')).status).toBe(404);
    expect(reports)
      .toEqual([expect.stringMatching(/^git: THIS REPLICA HAD DIVERGED from origin: kept refs\/cms\/stray\/.*and reset to origin's tip/)]);

    const status = await server.getJson('/_cms/replica', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ remote: 'origin', branch: 'main', head: tip(remote), origin: tip(remote), ahead: 0, behind: 0,
      pendingWrites: 0, lastError: null });
    expect(status.body.stray.map((entry: { commit: string }) => entry.commit)).toContain(stray);
    expect(JSON.stringify(status.body)).not.toContain(TOKEN);
  });

  it('a pull fast-forwards when nothing is in the way, and an edit in the way of it is kept on a stray ref before the reset', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const reports: string[] = [];
    const [a, b] = await Promise.all(clones.map((root, at) => startApp(root, { report: (line) => { if (at === 1) reports.push(line); } })));
    await b.cms.replica!.poll();
    // Nothing new (a fresh clone: no ORIG_HEAD either): nothing changed, nothing kept aside.
    expect(await b.cms.replica!.pull()).toEqual({ changed: [] });
    // Fast path: another replica's write arrives; HEAD moves to the remote's tip and the file is reindexed.
    const created = (await a.sendJson('POST', '/api/notes', { data: { title: 'Elsewhere' } })).body.data;
    await b.cms.replica!.pull();
    expect(head(clones[1])).toBe(tip(remote));
    expect((await b.getJson(`/api/notes/${created.documentId}`)).body.data.title).toBe('Elsewhere');
    expect(git(clones[1], 'for-each-ref', 'refs/cms/stray/')).toBe('');
    // A hand edit of the file the next pull changes: the fast-forward refuses, the reset keeps the edit first.
    writeText(clones[1], 'content/notes/shared.json', '{\n  "title": "Edited in the clone"\n}\n');
    expect((await a.sendJson('PUT', '/api/notes/shared', { data: { title: 'From a' } })).status).toBe(200);
    await b.cms.replica!.pull();
    expect(head(clones[1])).toBe(tip(remote));
    expect((await b.getJson('/api/notes/shared')).body.data.title).toBe('From a');
    const [kept] = git(clones[1], 'for-each-ref', '--format=%(refname)', 'refs/cms/stray/').split('\n');
    expect(kept).toMatch(/-changes$/);
    expect(git(clones[1], 'show', `${kept}:content/notes/shared.json`)).toContain('Edited in the clone');
    expect(reports).toContainEqual(expect.stringMatching(/^git: THIS REPLICA HAD DIVERGED/));
  });

  it('GET /_cms/replica asks for the pull token and does not exist without one; /_health is Strapi\'s', async () => {
    const { clones } = await remoteAndClones(1);
    const server = await startApp(clones[0], { report: () => {}, env: { CMS_GIT_PULL_TOKEN: TOKEN } });
    expect((await server.request('/_cms/replica')).status).toBe(401);
    expect((await server.request('/_cms/replica', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await server.request('/_cms/replica', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    const written = await server.sendJson('PUT', '/api/notes/shared', { data: { views: 4 } });
    expect(written.status).toBe(200);
    const status = (await server.getJson('/_cms/replica', { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(status.lastPush).toEqual({ at: expect.any(String), commit: status.head, writes: 1 });
    const health = await server.request('/_health');
    expect(health.status).toBe(204);
    expect(health.headers.get('strapi')).toBe('You are so French!');
    const without = await startApp(clones[0], { report: () => {}, env: {} });
    expect((await without.request('/_cms/replica', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
