import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeProject, REPO_ROOT, startApp } from '../helpers/project.js';
import { cms, git, initRepo } from './helpers.js';
import { head, NOTE, pushFromElsewhere, tip } from './replica-helpers.js';

// Issue 35 item 6: a replica whose reset onto the remote git refuses (an upstream commit of the .gitattributes that
// `cms git-setup` left untracked here) stayed behind for good while its status said lastError: null, a lastPull it
// never reached, and its log "cannot reach origin".
vi.setConfig({ testTimeout: 180_000 });

const TOKEN = 'a-long-replica-secret';
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;

/** A remote whose history has no .gitattributes, and one clone set up with `cms git-setup`. */
async function remoteWithoutAttributes() {
  const seed = makeProject({
    'schemas/note.json': NOTE,
    'cms.config.json': { permissions: { public: { notes: ['find', 'findOne'] } }, git: { push: 'origin', pushTimeout: 0.5 } },
    'content/notes/shared.json': '{\n  "title": "Shared"\n}\n',
  });
  initRepo(seed);
  const remote = mkdtempSync(join(tmpdir(), 'cms-remote-'));
  git(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(seed, 'push', '--quiet', remote, 'main');
  const clone = mkdtempSync(join(tmpdir(), 'cms-replica-'));
  git(clone, 'clone', '--quiet', remote, '.');
  return { remote, clone, setup: await cms(['git-setup', '--root', clone, '--command', DRIVER]) };
}

describe('a replica that cannot catch up says so', () => {
  it('cms git-setup on a clone whose origin lacks .gitattributes says to commit it', async () => {
    const { setup } = await remoteWithoutAttributes();
    expect(setup.code).toBe(0);
    expect(setup.stderr).toMatch(/warning: origin\/main has no \.gitattributes with "content\/\*\* merge=cms": commit and push it/);
  });

  it('a refused reset is lastError, lastPull keeps the last commit reached, the poll is not ok, and /_health turns 503', async () => {
    const { remote, clone } = await remoteWithoutAttributes();
    const logs: string[] = [];
    const server = await startApp(clone, { report: (message) => logs.push(message), env: { CMS_GIT_PULL_TOKEN: TOKEN } });
    const status = async () => (await server.getJson('/_cms/replica', { headers: { authorization: `Bearer ${TOKEN}` } })).body;

    pushFromElsewhere(remote, 'content/notes/shared.json', '{\n  "title": "Edited elsewhere"\n}\n', 'Edit the note');
    await server.cms.replica!.pull();
    const reached = tip(remote);
    expect((await status()).lastPull.commit).toBe(reached);
    expect((await server.request('/_health')).headers.get('x-cms-behind')).toBe('0');

    // Someone commits the attributes file this clone holds untracked: git will not overwrite it.
    pushFromElsewhere(remote, '.gitattributes', 'content/** merge=cms\n*.md text\n', 'Commit the attributes');
    await expect(server.cms.replica!.pull()).rejects.toThrow(/untracked working tree files would be overwritten: \.gitattributes/);
    await server.cms.replica!.poll();
    const stuck = await status();
    expect(stuck.lastError).toEqual({ at: expect.any(String), message: expect.stringMatching(/\.gitattributes/) });
    expect(stuck.lastPull.commit).toBe(reached);
    expect(stuck.lastPoll.ok).toBe(false);
    expect(stuck.behind).toBe(1);
    expect(head(clone)).toBe(reached);
    expect(logs.some((line) => line.includes('cannot reach'))).toBe(false);
    expect(logs.filter((line) => /cannot catch up with origin's tip.*\.gitattributes/.test(line))).toHaveLength(1);

    // Behind past git.pushTimeout (0.5 s): a balancer's health check takes it out, with the reason.
    await expect.poll(async () => (await server.request('/_health')).status, { timeout: 10_000 }).toBe(503);
    const health = await server.getJson('/_health');
    expect(health.body.error).toMatchObject({
      name: 'ServiceUnavailableError', details: { behind: 1, behindSince: expect.any(String), lastError: stuck.lastError },
    });
    expect(health.body.error.message).toMatch(/behind the git remote for \d+ s: .*\.gitattributes/);

    // Committed here too (as the warning says), the clone catches up and is healthy again.
    git(clone, 'checkout', '--quiet', '--', '.');
    git(clone, 'clean', '--quiet', '--force', '--', '.gitattributes');
    await server.cms.replica!.pull();
    expect((await status()).lastError).toBeNull();
    expect((await server.request('/_health')).status).toBe(204);
  });
});
