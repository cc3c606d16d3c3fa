import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorName } from '../../core/git/commit-author.js';
import { COMMIT_ATTEMPTS } from '../../core/git/commit-per-write.js';
import { commits, editJson, git, initRepo, status, writableSample } from '../git-workflow/helpers.js';
import { startApp } from '../helpers/project.js';

/**
 * Issue 11, Low: with `--git-commit`, a commit that failed (`.git/index.lock` present) was one log
 * line and never retried, so the write stayed uncommitted for good; and a username with `<email>`
 * became the git author verbatim (`ann <boss@example.com>` authored as boss@example.com).
 */

const ENV = { CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef' };

async function repo() {
  const root = writableSample();
  editJson(root, 'cms.config.json', (config) => { config.permissions.authenticated = { 'api::tag.tag': ['create'] }; });
  initRepo(root);
  const reports: string[] = [];
  const server = await startApp(root, { gitCommit: true, env: ENV, report: (message) => reports.push(message) });
  const lock = join(root, '.git/index.lock');
  return { ...server, root, reports, lock: () => writeFileSync(lock, ''), unlock: () => rmSync(lock, { force: true }) };
}

describe('a failed commit is retried, reported and kept for the next write', () => {
  it('a lock released within the retries: the write is committed and nothing is reported', async () => {
    const site = await repo();
    site.lock();
    setTimeout(site.unlock, 120);
    const { status: code, body } = await site.sendJson('POST', '/api/tags', { data: { name: 'Locked briefly' } });
    expect(code).toBe(201);
    expect(commits(site.root)[0]).toMatchObject({ subject: `Create api::tag.tag ${body.data.documentId}` });
    expect(site.reports).toEqual([]);
    expect(status(site.root)).toEqual([]);
  });

  it('a lock held through every retry: reported with the attempts and the cause, then committed in order before the next write', async () => {
    const site = await repo();
    const before = git(site.root, 'rev-parse', 'HEAD');
    site.lock();
    const first = await site.sendJson('POST', '/api/tags', { data: { name: 'Locked out' } });
    expect(first.status).toBe(201);
    expect(git(site.root, 'rev-parse', 'HEAD')).toBe(before);
    expect(site.reports).toEqual([expect.stringMatching(new RegExp(
      `^git commit failed after ${COMMIT_ATTEMPTS} attempts for content/tags/${
        first.body.data.documentId}\\.json: .*index\\.lock.*1 write saved but not committed; tried again with the next write$`,
    ))]);

    site.unlock();
    const second = await site.sendJson('POST', '/api/tags', { data: { name: 'After the lock' } });
    expect(commits(site.root).slice(0, 2).map((commit) => commit.subject)).toEqual([
      `Create api::tag.tag ${second.body.data.documentId}`,
      `Create api::tag.tag ${first.body.data.documentId}`,
    ]);
    expect(site.reports.at(-1)).toBe('git: committed 1 earlier write that had failed to commit');
    expect(status(site.root)).toEqual([]);
  });
});

describe('git author names', () => {
  it('a username with <email> does not author the commit as that address', async () => {
    const site = await repo();
    const registered = await site.sendJson('POST', '/api/auth/local/register',
      { username: 'ann <boss@example.com>', email: 'ann@example.org', password: 'a-long-password' });
    expect(registered.status).toBe(200);
    await site.sendJson('POST', '/api/tags', { data: { name: 'From Ann' } }, { authorization: `Bearer ${registered.body.jwt}` });
    expect(commits(site.root)[0]).toMatchObject({ author: 'ann', email: 'ann@cms.local' });
  });

  it.each([
    ['ann <boss@example.com>', 'ann'],
    ['<boss@example.com>', 'cms'],
    ['a<b', 'a'],
    ['Editorial Bot', 'Editorial Bot'],
    ['line\nbreak\u0000', 'line break'],
    ['  spaced   out  ', 'spaced out'],
    ['x'.repeat(300), 'x'.repeat(100)],
  ])('authorName(%j) is %j', (name, expected) => {
    expect(authorName(name)).toBe(expected);
  });
});
