import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '../auth/helpers.js';
import { startApp } from '../helpers/project.js';
import { git } from '../git-workflow/helpers.js';
import { pushFromElsewhere, remoteAndClones } from '../git-workflow/replica-helpers.js';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const onBranch = (remote: string, branch: string, path: string) => JSON.parse(git(remote, 'show', `${branch}:${path}`));
const notesOn = (remote: string, branch: string) => git(remote, 'ls-tree', '--name-only', branch, 'content/notes/').split('\n').sort();

/** One pushing replica (git.push: origin) on a clone of a bare remote, and an owner's token. */
async function replica() {
  const { remote, clones: [clone] } = await remoteAndClones(1);
  const app = await startApp(clone, { env: TEST_ENV, report: () => {} });
  const full = (await app.cms.auth.tokens.create({ name: 'Owner', type: 'full-access' })).accessKey;
  const create = async (title: string) => {
    const made = await app.sendJson('POST', '/api/notes', { data: { title } }, bearer(full));
    expect(made.status).toBe(201);
    return `content/notes/${made.body.data.documentId}.json`;
  };
  return { remote, clone, app, full, create };
}

describe('the Git panel on a pushing replica: branch work waits for its writes and never redirects them', { timeout: 60_000 }, () => {
  it('propose puts only the proposal on its branch; the next API write lands on main on the origin, not on the proposal', async () => {
    const { remote, clone, app, full, create } = await replica();
    const before = await create('Before the proposal'); // the push queue now knows the branch it pushes
    const base = git(remote, 'rev-parse', 'main');
    // An edit made outside the API (a developer's change in the tree): what the proposal carries.
    const edited = { title: 'Proposed', description: 'One note', views: 0, createdAt: '2025-01-01T00:00:00.000Z' };
    writeFileSync(join(clone, 'content/notes/shared.json'), `${JSON.stringify(edited, null, 2)}\n`);
    const body = { branch: 'edits/shared', message: 'Retitle the shared note' };
    const proposed = await app.sendJson('POST', '/admin/api/git/propose', body, bearer(full));
    expect(proposed.status).toBe(201);
    expect(proposed.body.data).toMatchObject({ branch: 'edits/shared', base: 'main', files: ['content/notes/shared.json'] });
    const after = await create('After the proposal');
    // main on the origin: both API writes, never the proposal.
    expect(onBranch(remote, 'main', 'content/notes/shared.json').title).toBe('Shared');
    expect(notesOn(remote, 'main')).toEqual([after, before, 'content/notes/shared.json'].sort());
    // The proposal branch: main as it was, plus the proposal commit only.
    expect(git(remote, 'rev-parse', 'edits/shared^')).toBe(base);
    expect(git(remote, 'rev-list', '--count', 'main..edits/shared')).toBe('1');
    expect(onBranch(remote, 'edits/shared', 'content/notes/shared.json').title).toBe('Proposed');
    expect(notesOn(remote, 'edits/shared')).not.toContain(after);
    // The replica still serves and pushes main, with a clean tree.
    expect(git(clone, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(clone, 'status', '--porcelain')).toBe('');
    expect((await app.getJson('/api/notes/shared')).body.data.title).toBe('Shared');
  });

  it('a branch made in the panel is where the next API write goes, on the replica and the origin; main stays as it was', async () => {
    const { remote, clone, app, full, create } = await replica();
    await create('On main'); // the push queue now knows the branch it pushes
    const main = git(remote, 'rev-parse', 'main');
    const made = await app.sendJson('POST', '/admin/api/git/branches', { name: 'drafts' }, bearer(full));
    expect(made.status).toBe(201);
    const after = await create('On drafts');
    expect(git(remote, 'rev-parse', 'main')).toBe(main);
    expect(notesOn(remote, 'drafts')).toContain(after);
    expect(git(clone, 'rev-parse', 'HEAD')).toBe(git(remote, 'rev-parse', 'drafts'));
    expect(git(clone, 'status', '--porcelain')).toBe('');
  });
  it('a panel commit on a pushing replica is on the origin when answered; refused by the origin, it is undone and the edit kept', async () => {
    const { remote, clone, app, full, create } = await replica();
    await create('First'); // the push queue now knows the branch it pushes
    const file = join(clone, 'content/notes/shared.json');
    const edit = (title: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, `"title": "${title}"`));
    edit('Committed in the panel');
    const committed = await app.sendJson('POST', '/admin/api/git/commit', { message: 'Retitle the shared note' }, bearer(full));
    expect(committed.status).toBe(201);
    expect(git(remote, 'rev-parse', 'main')).toBe(committed.body.data.commit);
    expect(onBranch(remote, 'main', 'content/notes/shared.json').title).toBe('Committed in the panel');
    // Someone else pushes first: the origin refuses this clone's next commit, which is undone, the edit still in the tree.
    pushFromElsewhere(remote, 'README.md', 'elsewhere\n', 'Elsewhere');
    const head = git(clone, 'rev-parse', 'HEAD');
    edit('Refused by the origin');
    const refused = await app.sendJson('POST', '/admin/api/git/commit', { message: 'Retitle again' }, bearer(full));
    expect([refused.status, refused.body.error?.name]).toEqual([409, 'ConflictError']);
    expect(git(clone, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(clone, 'status', '--porcelain')).toBe('M content/notes/shared.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).title).toBe('Refused by the origin');
  });
});
