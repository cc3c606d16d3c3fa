import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
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

describe('the Git panel on a pushing replica: merges and commits wait for its writes and are on the origin when answered', { timeout: 120_000 }, () => {
  it('a change request merged on a pushing replica is on the origin\'s main when answered, beside API writes to main', async () => {
    const { remote, clone, app, full, create } = await replica();
    const before = await create('Before the merge'); // the push queue now knows the branch it pushes
    const made = await app.sendJson('POST', '/admin/api/git/change-requests', { name: 'edits/shared' }, bearer(full));
    expect(made.status).toBe(201);
    const shared = onBranch(remote, 'main', 'content/notes/shared.json');
    await commitToBranch(clone, 'edits/shared', [{ file: 'content/notes/shared.json',
      text: `${JSON.stringify({ ...shared, title: 'Merged' }, null, 2)}\n` }],
    { author: { name: 'Ann', email: 'ann@example.com' }, message: 'Retitle', expectedTip: made.body.data.head });
    expect((await app.getJson('/api/notes/shared')).body.data.title).toBe('Shared');
    const [merged, after] = await Promise.all([
      app.sendJson('POST', '/admin/api/git/change-requests/merge', { name: 'edits/shared' }, bearer(full)), create('Beside the merge'),
    ]);
    expect([merged.status, merged.body.data]).toEqual([200, { name: 'edits/shared', base: 'main', commit: expect.any(String), changed: 1 }]);
    // On the origin when answered (a write beside it may have landed after it).
    expect(git(remote, 'merge-base', '--is-ancestor', merged.body.data.commit, 'main')).toBe('');
    expect(onBranch(remote, 'main', 'content/notes/shared.json').title).toBe('Merged');
    expect(notesOn(remote, 'main')).toEqual(expect.arrayContaining([before, after]));
    expect((await app.getJson('/api/notes/shared')).body.data.title).toBe('Merged');
    expect(git(clone, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(clone, 'status', '--porcelain')).toBe('');
  });

  it('a merge the origin refuses (someone pushed first) is undone: main, the served files and the API as they were', async () => {
    const { remote, clone, app, full, create } = await replica();
    await create('First');
    const made = await app.sendJson('POST', '/admin/api/git/change-requests', { name: 'late' }, bearer(full));
    const shared = onBranch(remote, 'main', 'content/notes/shared.json');
    await commitToBranch(clone, 'late', [{ file: 'content/notes/shared.json', text: `${JSON.stringify({ ...shared, title: 'Late' }, null, 2)}\n` }],
      { author: { name: 'Ann', email: 'ann@example.com' }, message: 'Retitle', expectedTip: made.body.data.head });
    pushFromElsewhere(remote, 'README.md', 'elsewhere\n', 'Elsewhere');
    const head = git(clone, 'rev-parse', 'HEAD');
    const text = readFileSync(join(clone, 'content/notes/shared.json'), 'utf8');
    const refused = await app.sendJson('POST', '/admin/api/git/change-requests/merge', { name: 'late' }, bearer(full));
    expect([refused.status, refused.body.error?.name]).toEqual([409, 'ConflictError']);
    expect(git(clone, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(clone, 'content/notes/shared.json'), 'utf8')).toBe(text);
    expect((await app.getJson('/api/notes/shared')).body.data.title).toBe('Shared');
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
