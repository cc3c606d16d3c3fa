import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReplica } from '../../core/replication/replica.js';
import { startApp, type TestServer } from '../helpers/project.js';
import { uploadForm } from '../media/helpers.js';
import { git, writeText } from './helpers.js';
import { holdFirstPush, onRemote, pushFrom, remoteAndClones, tip } from './replica-helpers.js';

const put = (server: TestServer, path: string, data: Record<string, unknown>) =>
  server.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });

describe('replicas that write: a rebuild never answers a write it lost', () => {
  it('an upload waiting while a push is rejected keeps its files: the remote holds its entry and binary once it is answered', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const hold = holdFirstPush(clones[0]);
    const a = await startApp(clones[0], { report: () => {} });
    const update = put(a, '/api/notes/shared', { title: 'Updated on a' });
    await expect.poll(hold.started, { timeout: 10_000 }).toBe(true);
    const upload = a.request('/api/upload', { method: 'POST', body: uploadForm([{ name: 'notes.txt', data: 'kept bytes',
      type: 'text/plain' }]) });
    await expect.poll(async () => (await a.cms.replica!.status()).pendingWrites, { timeout: 10_000 }).toBe(2);
    pushFrom(clones[1], 'content/notes/other.json', '{\n  "title": "Other"\n}\n');
    hold.release();

    expect((await update).status).toBe(200);
    const answer = await upload;
    expect(answer.status).toBe(201);
    const [file] = await answer.json();
    expect(onRemote(remote, `content/upload/${file.documentId}.json`)).toMatchObject({ name: 'notes.txt', hash: file.hash });
    expect(git(remote, 'show', `main:public/uploads/${file.hash}.txt`)).toBe('kept bytes');
    expect(onRemote(remote, 'content/notes/shared.json').title).toBe('Updated on a');
    expect(onRemote(remote, 'content/notes/other.json').title).toBe('Other');
    expect(git(clones[0], 'rev-parse', 'HEAD')).toBe(tip(remote));
    expect(git(clones[0], 'status', '--porcelain')).toBe('');
  });

  it('a rebuild that fails after its reset (a pulled config it cannot load) runs the write again before any push: answered only once the remote holds it', async () => {
    const { remote, clones } = await remoteAndClones(2);
    const hold = holdFirstPush(clones[0]);
    const reports: string[] = [];
    const a = await startApp(clones[0], { report: (line) => reports.push(line) });
    const update = put(a, '/api/notes/shared', { title: 'Lost in the reset' });
    await expect.poll(hold.started, { timeout: 10_000 }).toBe(true);
    pushFrom(clones[1], 'cms.config.json', '{ not json\n');
    hold.release();

    // The first rebuild resets, then fails reindexing; the next round rebuilds again and runs the write on the tip.
    const answer = await update;
    expect(reports.some((line) => /could not reset to origin\/main/.test(line))).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cms-commit')).toBe(tip(remote));
    expect(onRemote(remote, 'content/notes/shared.json').title).toBe('Lost in the reset');
  });

  it('a push the remote took though git answered it failed (a connection dropped after it) is answered saved, not 503', async () => {
    const { remote, clones } = await remoteAndClones(1, { pushTimeout: 0.5 });
    const dir = mkdtempSync(join(tmpdir(), 'cms-drop-'));
    // The remote receives the push, then the connection is lost (slowly: past the write's deadline) before git hears so.
    const receive = join(dir, 'receive-pack');
    writeFileSync(receive, `#!/bin/sh
git-receive-pack "$@"
[ -f "${dir}/done" ] && exit 0
touch "${dir}/done"
sleep 1
exit 1
`);
    chmodSync(receive, 0o755);
    git(clones[0], 'config', 'remote.origin.receivepack', receive);
    const a = await startApp(clones[0], { report: () => {} });
    const answer = await put(a, '/api/notes/shared', { title: 'Saved after all' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cms-commit')).toBe(tip(remote));
    expect(onRemote(remote, 'content/notes/shared.json').title).toBe('Saved after all');
    expect(git(remote, 'log', '--format=%s', 'main')).not.toMatch(/Saved after all[\s\S]*Saved after all/);
  });
});

describe('replicas that write: read-your-writes waits for the index, not only for HEAD', () => {
  it('a read naming a commit a pull is bringing in is answered only once the pull has reindexed, never between its reset and reindex', async () => {
    const { clones } = await remoteAndClones(2);
    let reached!: () => void;
    const reindexing = new Promise<void>((resolve) => { reached = resolve; });
    let reindexed = false;
    const replica = createReplica({
      root: clones[0], remote: 'origin', push: true, report: () => {},
      reindex: async () => {
        reached();
        // Reindexing takes a while (a big project): long enough for a check that does not wait for it to answer first.
        await new Promise((resolve) => setTimeout(resolve, 300));
        reindexed = true;
      },
    });
    pushFrom(clones[1], 'content/notes/other.json', '{\n  "title": "Other"\n}\n');
    const commit = git(clones[1], 'rev-parse', 'HEAD');
    const pulled = replica.pull();
    await reindexing;
    expect(git(clones[0], 'rev-parse', 'HEAD')).toBe(commit);
    expect(await replica.catchUp(commit).then((answer) => [answer, reindexed])).toEqual(['held', true]);
    await pulled;
  });
});
