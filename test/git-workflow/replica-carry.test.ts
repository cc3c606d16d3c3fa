import { describe, expect, it, vi } from 'vitest';
import { createReplica } from '../../core/replication/replica.js';
import { commitLater } from '../../core/replication/write-context.js';
import { startApp, type TestServer } from '../helpers/project.js';
import { git, writeText } from './helpers.js';
import { everything, holdFirstPush, onRemote, pushFrom, remoteAndClones, tip } from './replica-helpers.js';

vi.setConfig({ testTimeout: 180_000 });

const send = (server: TestServer, method: string, path: string, data: Record<string, unknown>) =>
  server.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });

/**
 * A replica on `clone` whose one write (of `content/notes/mine.json`) is held in its first push, which then fails as a
 * lost race; `other` pushes meanwhile. Answers what the write's run count and the reindexes were.
 */
async function loseOneRace(other: (clone: string) => void, independent: () => boolean) {
  const { remote, clones } = await remoteAndClones(2);
  const hold = holdFirstPush(clones[0]);
  const reindexed: string[][] = [];
  let runs = 0;
  const replica = createReplica({
    root: clones[0], remote: 'origin', push: true, report: () => {}, independent,
    reindex: async (files) => { reindexed.push([...files].sort()); },
  });
  const text = '{\n  "title": "Mine"\n}\n';
  const written = replica.write(async () => {
    runs += 1;
    writeText(clones[0], 'content/notes/mine.json', text);
    commitLater({ files: [{ path: 'content/notes/mine.json', content: Buffer.from(text) }], message: 'Mine',
      author: { name: 'T', email: 't@t' } });
    return 'answered';
  });
  await expect.poll(hold.started, { timeout: 10_000 }).toBe(true);
  other(clones[1]);
  hold.release();
  expect(await written).toBe('answered');
  expect(git(clones[0], 'rev-parse', 'HEAD')).toBe(tip(remote));
  expect(git(clones[0], 'status', '--porcelain')).toBe('');
  return { remote, clone: clones[0], runs, reindexed };
}

describe('replicas that write: a lost race against other documents carries the write over', () => {
  it('a lost race against a push of another document reindexes only that document and does not run the write again', async () => {
    const { remote, clone, runs, reindexed } = await loseOneRace(
      (other) => pushFrom(other, 'content/notes/other.json', '{\n  "title": "Other"\n}\n'), () => true,
    );
    expect(runs).toBe(1);
    expect(reindexed).toEqual([['content/notes/other.json']]);
    expect(onRemote(remote, 'content/notes/mine.json').title).toBe('Mine');
    expect(onRemote(remote, 'content/notes/other.json').title).toBe('Other');
    expect(git(clone, 'show', 'HEAD:content/notes/other.json')).toContain('Other');
  });

  it('a lost race against a push of the same file runs the write again on the new tip', async () => {
    const { remote, runs, reindexed } = await loseOneRace(
      (other) => pushFrom(other, 'content/notes/mine.json', '{\n  "title": "Theirs"\n}\n'), () => true,
    );
    expect(runs).toBe(2);
    expect(reindexed).toEqual([['content/notes/mine.json']]);
    expect(onRemote(remote, 'content/notes/mine.json').title).toBe('Mine');
  });

  it('without the content check saying the writes are independent, a lost race runs them again, even against another document', async () => {
    const { runs } = await loseOneRace((other) => pushFrom(other, 'content/notes/other.json', '{\n  "title": "Other"\n}\n'), () => false);
    expect(runs).toBe(2);
  });

  it('a create that lost its push race to another replica\'s note is answered with what the remote holds; the replica serves both and equals the remote', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const hold = holdFirstPush(clones[0]);
    const a = await startApp(clones[0], { report: () => {} });
    const created = send(a, 'POST', '/api/notes', { title: 'Carried over' });
    await expect.poll(hold.started, { timeout: 10_000 }).toBe(true);
    const during = (await everything(a)).data.find((note: { title: string }) => note.title === 'Carried over');
    pushFrom(clones[1], 'content/notes/other.json', '{\n  "title": "Other",\n  "slug": "other"\n}\n');
    hold.release();

    const answer = await created;
    expect(answer.status).toBe(201);
    const { data } = await answer.json();
    expect(data.documentId).toBe(during.documentId);
    expect(onRemote(remote, `content/notes/${data.documentId}.json`)).toMatchObject({ title: 'Carried over', slug: 'carried-over' });
    expect((await a.getJson('/api/notes/other')).body.data.title).toBe('Other');
    expect(git(clones[0], 'rev-parse', 'HEAD')).toBe(tip(remote));
    expect(git(clones[0], 'status', '--porcelain')).toBe('');
  });

  it('a create whose slug another replica took meanwhile (in another document) runs again and is made unique', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const hold = holdFirstPush(clones[0]);
    const a = await startApp(clones[0], { report: () => {} });
    const created = send(a, 'POST', '/api/notes', { title: 'Same title' });
    await expect.poll(hold.started, { timeout: 10_000 }).toBe(true);
    pushFrom(clones[1], 'content/notes/theirs.json', '{\n  "title": "Same title",\n  "slug": "same-title"\n}\n');
    hold.release();

    const answer = await created;
    expect(answer.status).toBe(201);
    const { data } = await answer.json();
    expect(data.slug).toBe('same-title-1');
    expect(onRemote(remote, `content/notes/${data.documentId}.json`).slug).toBe('same-title-1');
    expect(onRemote(remote, 'content/notes/theirs.json').slug).toBe('same-title');
  });

  it('an update whose document another replica deleted meanwhile, beside a write of another document, is a 404 and leaves nothing', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const hold = holdFirstPush(clones[0]);
    const a = await startApp(clones[0], { report: () => {} });
    const updated = send(a, 'PUT', '/api/notes/shared', { title: 'Too late' });
    await expect.poll(hold.started, { timeout: 10_000 }).toBe(true);
    writeText(clones[1], 'content/notes/other.json', '{\n  "title": "Other"\n}\n');
    git(clones[1], 'rm', '--quiet', 'content/notes/shared.json');
    git(clones[1], 'add', '--', 'content/notes/other.json');
    git(clones[1], 'commit', '--quiet', '-m', 'Delete shared, write other');
    git(clones[1], 'push', '--quiet', 'origin', 'main');
    hold.release();

    expect((await updated).status).toBe(404);
    expect(git(remote, 'ls-tree', '--name-only', 'main', 'content/notes/')).toBe('content/notes/other.json');
    expect((await a.getJson('/api/notes/shared')).status).toBe(404);
    expect(git(clones[0], 'rev-parse', 'HEAD')).toBe(tip(remote));
    expect(git(clones[0], 'status', '--porcelain')).toBe('');
  });
});
