// Replicas (git.push): branch refs live on the origin like the base. A branch write is answered once the origin holds
// its commit; a replica whose branch is behind (another replica wrote it) is refused, fetches, and writes again.
import { describe, expect, it } from 'vitest';
import { startApp } from '../helpers/project.js';
import { git, status } from '../git-workflow/helpers.js';
import { remoteAndClones } from '../git-workflow/replica-helpers.js';

const spring = { 'cms-branch': 'spring' };
const onRemote = (remote: string, ref: string, path: string) => JSON.parse(git(remote, 'show', `${ref}:${path}`));

describe('branch writes on replicas that push', () => {
  it('each write is on the origin when answered; a replica that lost the race reloads and writes again, keeping both', async () => {
    // No background catch-up within the test (git.poll: an hour): B's branch stays behind until its push is refused.
    const { remote, clones } = await remoteAndClones(2, { poll: 3600 });
    git(clones[0], 'branch', 'spring');
    git(clones[0], 'push', '--quiet', 'origin', 'spring');
    const mainBefore = git(remote, 'rev-parse', 'main');
    const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: () => {} })));

    // B never saw the branch: it fetches it from the origin rather than answering 404.
    expect(git(clones[1], 'branch', '--list', 'spring')).toBe('');
    const read = await b.getJson('/api/notes/shared', { headers: spring });
    expect([read.status, read.body.data?.title]).toEqual([200, 'Shared']);

    const first = await a.sendJson('PUT', '/api/notes/shared', { data: { title: 'From A' } }, spring);
    expect(first.status).toBe(200);
    expect(git(remote, 'rev-parse', 'spring')).toBe(git(clones[0], 'rev-parse', 'spring'));
    expect(onRemote(remote, 'spring', 'content/notes/shared.json').title).toBe('From A');

    // B's spring is behind the origin's: its push is refused, it fetches, reloads and writes again on top of A's.
    expect(git(clones[1], 'rev-parse', 'spring')).toBe(mainBefore);
    const second = await b.sendJson('PUT', '/api/notes/shared', { data: { description: 'From B' } }, spring);
    expect([second.status, second.body.data]).toEqual([200, expect.objectContaining({ title: 'From A', description: 'From B' })]);
    expect(onRemote(remote, 'spring', 'content/notes/shared.json')).toMatchObject({ title: 'From A', description: 'From B' });
    expect(git(remote, 'log', '--format=%s', 'main..spring').split('\n')).toEqual([
      'Update api::note.note shared', 'Update api::note.note shared',
    ]);
    expect(git(remote, 'rev-parse', `spring~2`)).toBe(mainBefore);

    // The base moved nowhere: not on the origin, not in either served tree.
    expect(git(remote, 'rev-parse', 'main')).toBe(mainBefore);
    for (const clone of clones) expect([git(clone, 'rev-parse', 'HEAD'), status(clone)]).toEqual([mainBefore, []]);
    expect((await a.getJson('/api/notes/shared')).body.data).toMatchObject({ title: 'Shared', description: 'One note' });
  });

  it('a replica follows the origin\'s branch: another replica\'s write reaches its reads without a restart', async () => {
    // B fetches a branch it knows again at most once per git.poll: 0.2 s rather than the default second, waited out below.
    const { remote, clones } = await remoteAndClones(2, { poll: 0.2 });
    git(clones[0], 'branch', 'spring');
    git(clones[0], 'push', '--quiet', 'origin', 'spring');
    const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: () => {} })));
    expect((await b.getJson('/api/notes/shared', { headers: spring })).body.data.title).toBe('Shared');
    expect((await a.sendJson('PUT', '/api/notes/shared', { data: { title: 'From A' } }, spring)).status).toBe(200);
    await expect.poll(async () => (await b.getJson('/api/notes/shared', { headers: spring })).body.data.title, { timeout: 30_000 })
      .toBe('From A');
    expect(git(clones[1], 'rev-parse', 'spring')).toBe(git(remote, 'rev-parse', 'spring'));
    expect((await b.getJson('/api/notes/shared')).body.data.title).toBe('Shared');
  });
});
