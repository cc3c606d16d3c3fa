import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../../core/config/load.js';
import { startApp } from '../helpers/project.js';
import { git, readText } from './helpers.js';
import { everything, head, pushFromElsewhere, remoteAndClones, tip } from './replica-helpers.js';

vi.setConfig({ testTimeout: 180_000 });

describe('replicas that write: git.push and pull', () => {
  it('two servers writing different documents and different fields of one document at once: every acknowledged write is on the remote, both converge, 0 conflicts', async () => {
    const { remote, clones } = await remoteAndClones(2, { pushTimeout: 60 });
    const reports: string[] = [];
    const servers = await Promise.all(clones.map((root) => startApp(root, { report: (line) => reports.push(line) })));
    const [a, b] = servers;
    const writes = [
      ...Array.from({ length: 10 }, (_, at) => a.sendJson('POST', '/api/notes', { data: { title: `From a ${at}` } })),
      ...Array.from({ length: 10 }, (_, at) => b.sendJson('POST', '/api/notes', { data: { title: `From b ${at}` } })),
      a.sendJson('PUT', '/api/notes/shared', { data: { title: 'Retitled on a' } }),
      b.sendJson('PUT', '/api/notes/shared', { data: { description: 'Described on b' } }),
      a.sendJson('PUT', '/api/notes/shared', { data: { views: 7 } }),
    ];
    const answers = await Promise.all(writes);
    for (const answer of answers) expect(answer.status).toBeLessThan(300);
    expect(reports).toEqual([]);
    // The servers did race: at least one push was rejected, and that replica reset to the remote and ran its writes again.
    expect(clones.map((clone) => git(clone, 'reflog')).join('\n')).toMatch(/reset: moving to/);

    // Every acknowledged write is on the remote: a fresh clone serves them all.
    const fresh = mkdtempSync(join(tmpdir(), 'cms-fresh-'));
    git(fresh, 'clone', '--quiet', remote, '.');
    const served = await everything(await startApp(fresh, { report: () => {} }));
    const created = answers.slice(0, 20).map((answer) => answer.body.data.documentId);
    expect(served.data.map((note: { documentId: string }) => note.documentId)).toEqual(expect.arrayContaining([...created, 'shared']));
    expect(served.data.find((note: { documentId: string }) => note.documentId === 'shared'))
      .toMatchObject({ title: 'Retitled on a', description: 'Described on b', views: 7 });

    // Both servers pull and answer exactly what the remote's fresh clone answers.
    for (const server of servers) await server.cms.replica!.pull();
    for (const server of servers) expect(await everything(server)).toEqual(served);
    expect(reports).toEqual([]);
    for (const clone of clones) expect(git(clone, 'status', '--porcelain')).toBe('');
  }, 240_000);

  it('a media upload is on the remote once it is answered', async () => {
    const { remote, clones } = await remoteAndClones(1);
    const server = await startApp(clones[0], { report: () => {} });
    const form = new FormData();
    form.append('files', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const uploaded = await server.request('/api/upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const [entry] = await uploaded.json();
    expect(git(remote, 'ls-tree', '-r', '--name-only', 'main')).toContain(`content/upload/${entry.documentId}.json`);
  });

  it('a write whose push cannot reach the remote is answered 503 and leaves no commit: the clone equals the remote, files and index as before', async () => {
    // Each write waits git.pushTimeout for the remote, then is answered 503: 1 s, the documented setting at its shortest.
    const { remote, clones } = await remoteAndClones(1, { pushTimeout: 1 });
    const [clone] = clones;
    const server = await startApp(clone, { report: () => {} });
    const before = { head: head(clone), file: readText(clone, 'content/notes/shared.json') };
    renameSync(remote, `${remote}-away`);
    const answer = await server.sendJson('PUT', '/api/notes/shared', { data: { views: 1 } });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ data: null, error: { status: 503, name: 'ServiceUnavailableError',
      message: expect.stringMatching(/did not reach the git remote "origin" within 1 s.*nothing was saved/), details: {} } });
    expect(head(clone)).toBe(before.head);
    expect(git(clone, 'status', '--porcelain')).toBe('');
    expect(readText(clone, 'content/notes/shared.json')).toBe(before.file);
    expect((await server.getJson('/api/notes/shared')).body.data.views).toBe(0);
    const created = await server.sendJson('POST', '/api/notes', { data: { title: 'Lost' } });
    expect(created.status).toBe(503);
    expect((await server.getJson(`/api/notes/${created.body.data?.documentId}`)).status).toBe(404);
    expect(git(clone, 'ls-files', '--others', '--exclude-standard', 'content')).toBe('');

    // Back online: the next write is acknowledged, on the remote, and names its commit.
    renameSync(`${remote}-away`, remote);
    const response = await server.request('/api/notes/shared', { method: 'PUT', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { views: 2 } }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cms-commit')).toBe(tip(remote));
    expect(head(clone)).toBe(tip(remote));
  });

  it('a remote away for less than git.pushTimeout: the write waits, is retried, and is answered once the remote holds it', async () => {
    // The first test's settings (its seeded remote and clone are reused): the remote is back long before 60 s.
    const { remote, clones } = await remoteAndClones(1, { pushTimeout: 60 });
    const server = await startApp(clones[0], { report: () => {} });
    renameSync(remote, `${remote}-away`);
    const pending = server.sendJson('PUT', '/api/notes/shared', { data: { views: 5 } });
    // The first push failed (the write is still waiting): bring the remote back.
    await expect.poll(async () => (await server.cms.replica!.status()).lastError?.message ?? '',
      { timeout: 10_000 }).toMatch(/remote-|repository/);
    expect((await server.cms.replica!.status()).pendingWrites).toBe(1);
    renameSync(`${remote}-away`, remote);
    expect((await pending).status).toBe(200);
    expect(head(clones[0])).toBe(tip(remote));
    expect(JSON.parse(git(remote, 'show', 'main:content/notes/shared.json')).views).toBe(5);
  });

  it('a commit made by hand in the clone between two writes is not dropped: the next write is made on top of it', async () => {
    const { remote, clones } = await remoteAndClones(1);
    const [clone] = clones;
    const server = await startApp(clone, { report: () => {} });
    expect((await server.sendJson('PUT', '/api/notes/shared', { data: { views: 1 } })).status).toBe(200);
    git(clone, '-c', 'user.name=Hand', '-c', 'user.email=hand@example.com', 'commit', '--quiet', '--allow-empty', '-m', 'by hand');
    const byHand = head(clone);
    expect((await server.sendJson('PUT', '/api/notes/shared', { data: { views: 2 } })).status).toBe(200);
    expect(git(clone, 'merge-base', '--is-ancestor', byHand, 'HEAD')).toBe('');
    expect(head(clone)).toBe(tip(remote));
    expect(JSON.parse(git(remote, 'show', 'main:content/notes/shared.json')).views).toBe(2);
  });

  it.each([
    [{ poll: 0 }, 'git.poll must be an interval in seconds, or false'],
    [{ peers: 'http://a' }, 'git.peers must be a list of base URLs'],
    [{ peers: ['ftp://a'] }, 'git.peers must be a list of base URLs'],
    [{ pushTimeout: -1 }, 'git.pushTimeout must be a number of seconds'],
    [{ forwardMargin: -1 }, 'git.forwardMargin must be a number of seconds, or false'],
  ])('rejects the config git %j', (git, message) => {
    expect(() => resolveConfig({ git } as never)).toThrow(message);
  });

  it('POST /_cms/git/pull (a hosting site\'s push webhook) pulls and reindexes, with the token only', async () => {
    const { clones } = await remoteAndClones(2);
    const token = 'a-long-webhook-secret';
    const [a, b] = await Promise.all(clones.map((root) => startApp(root, { report: () => {}, env: { CMS_GIT_PULL_TOKEN: token } })));
    const created = (await b.sendJson('POST', '/api/notes', { data: { title: 'Pushed by b' } })).body.data;
    expect((await a.getJson(`/api/notes/${created.documentId}`)).status).toBe(404);

    const pull = (headers: Record<string, string>,
      body = '{"ref":"refs/heads/main"}') => a.request('/_cms/git/pull', { method: 'POST', headers: { 'content-type': 'application/json',
          ...headers }, body });
    expect((await a.request('/_cms/git/pull')).status).toBe(405);
    expect((await pull({})).status).toBe(401);
    expect((await pull({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await pull({ 'x-hub-signature-256': 'sha256=00' })).status).toBe(401);
    const signed = (body: string) => `sha256=${createHmac('sha256', token).update(body).digest('hex')}`;
    const answer = await pull({ 'x-hub-signature-256': signed('{"ref":"refs/heads/main"}') });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ changed: 1 });
    expect((await a.getJson(`/api/notes/${created.documentId}`)).body.data).toEqual(created);
    expect((await pull({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await pull({ 'x-gitlab-token': token })).status).toBe(200);
  });

  it('POST /_cms/git/pull answers 409 with git\'s own reason when git refuses the rebase for something else than a conflict (issue 28, finding 9)', async () => {
    const { remote, clones } = await remoteAndClones(1);
    const token = 'a-long-webhook-secret';
    const reports: string[] = [];
    const a = await startApp(clones[0], { report: (line) => reports.push(line), env: { CMS_GIT_PULL_TOKEN: token } });
    // Someone pushes a file that this clone holds untracked: git will not overwrite it.
    pushFromElsewhere(remote, 'NOTES.md', 'pushed elsewhere\n', 'Add notes');
    writeFileSync(join(clones[0], 'NOTES.md'), 'kept here, untracked\n');
    const answer = await a.request('/_cms/git/pull', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const body = await answer.json();
    expect([answer.status, body.error.name]).toEqual([409, 'ConflictError']);
    expect(body.error.message).toMatch(/untracked working tree files would be overwritten[\s\S]*NOTES\.md/);
    expect(body.error.message).not.toMatch(/merge driver/);
    // Nothing was lost and the clone is not left mid-rebase: once the file is moved, the pull goes through.
    expect(readFileSync(join(clones[0], 'NOTES.md'), 'utf8')).toBe('kept here, untracked\n');
    rmSync(join(clones[0], 'NOTES.md'));
    const retried = await a.request('/_cms/git/pull', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(retried.status).toBe(200);
    expect(readFileSync(join(clones[0], 'NOTES.md'), 'utf8')).toBe('pushed elsewhere\n');
    // A remote that is gone is git's refusal too, in its words, not a 500.
    rmSync(remote, { recursive: true, force: true });
    const gone = await a.request('/_cms/git/pull', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const said = await gone.json();
    expect([gone.status, said.error.name]).toEqual([409, 'ConflictError']);
    expect(said.error.message).toMatch(/^git could not fetch main from origin: [\s\S]*does not appear to be a git repository/);
    // Each failed pull is in the log too, once per reason, in git's words (the replica serves older content meanwhile).
    expect(reports).toEqual([
      expect.stringMatching(/^git: this replica cannot catch up with origin's tip and serves older content: .*NOTES\.md/),
      expect.stringMatching(/^git: this replica cannot catch up with origin's tip and serves older content: .*does not appear/),
    ]);
  });

  it('the pull route does not exist without a token, and never shadows content', async () => {
    const { clones } = await remoteAndClones(1);
    const server = await startApp(clones[0], { report: () => {}, env: {} });
    expect((await server.request('/_cms/git/pull', { method: 'POST', headers: { authorization: 'Bearer x' } })).status).toBe(404);
  });
});
