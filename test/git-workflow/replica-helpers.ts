import { chmodSync, cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { makeProject, onRealPort, REPO_ROOT, type TestServer } from '../helpers/project.js';
import { repointRemote } from '../helpers/seeded-repo.js';
import { removeAfterFile } from '../helpers/temp-folders.js';
import { cms, git, initRepo, writeText } from './helpers.js';

/** Someone else's commit of one file, pushed to the remote's main from a clone of their own. */
export function pushFromElsewhere(remote: string, file: string, text: string, message: string): void {
  const other = mkdtempSync(join(tmpdir(), 'cms-other-'));
  git(other, 'clone', '--quiet', remote, '.');
  writeFileSync(join(other, file), text);
  git(other, 'add', file);
  git(other, '-c', 'user.name=Other', '-c', 'user.email=other@example.com', 'commit', '--quiet', '-m', message);
  git(other, 'push', '--quiet', 'origin', 'main');
}

export const NOTE = {
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' }, description: { type: 'string' }, views: { type: 'integer' },
    slug: { type: 'uid', targetField: 'title' } },
};
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;

/**
 * The push timeout (s) of a set whose test does not name one: long enough for a held push, a second request and another
 * replica's push to fit in on a loaded 2-core machine (at load 20 a lost race's re-run took past the default 10 s and was
 * rightly answered 503). A test about the timeout itself names its own (`{ pushTimeout: 1 }`).
 */
export const PATIENT_PUSH_TIMEOUT = 60;

/** One seeded remote and one clone of it set up by `cms git-setup`, per settings (JSON), made once per test file. */
const seeds = new Map<string, { remote: string; clone: string }>();

async function seeded(gitConfig: Record<string, unknown>, config: Record<string, unknown>): Promise<{ remote: string; clone: string }> {
  const key = JSON.stringify([gitConfig, config]);
  const made = seeds.get(key);
  // Test files may share this module (vitest.config.ts): the folders go after each file, and the next file makes its own.
  if (made && existsSync(made.remote) && existsSync(made.clone)) return made;
  const seed = makeProject({
    'schemas/note.json': NOTE,
    'cms.config.json': {
      permissions: { public: { notes: ['find', 'findOne', 'create', 'update', 'delete'], 'plugin::upload.file': ['upload'] } },
      git: { push: 'origin', timestampsFromHistory: true, pushTimeout: PATIENT_PUSH_TIMEOUT, ...gitConfig },
      ...config,
    },
    'content/notes/shared.json': '{\n  "title": "Shared",\n  "description": "One note",\n  "views": 0,\n  "createdAt": "2025-01-01T00:00:00.000Z"\n}\n',
    '.gitattributes': 'content/** merge=cms\n',
  });
  initRepo(seed);
  const remote = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-remote-seed-')));
  git(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(seed, 'push', '--quiet', remote, 'main');
  const clone = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-replica-seed-')));
  git(clone, 'clone', '--quiet', remote, '.');
  expect((await cms(['git-setup', '--root', clone, '--command', DRIVER])).code).toBe(0);
  seeds.set(key, { remote, clone });
  return { remote, clone };
}

/**
 * A bare remote holding a project with one shared note, and a clone of it per server (driver set
 * up). `git` is merged into the project's git config (`pushTimeout`, `poll`…; the push timeout is
 * `PATIENT_PUSH_TIMEOUT` unless named). Each call has a
 * remote and clones of its own: copies of the ones made once per file for these settings (a clone's
 * `origin` pointed at the copied remote), byte for byte what `git clone` and `cms git-setup` give.
 */
export async function remoteAndClones(
  count: number, gitConfig: Record<string, unknown> = {}, config: Record<string, unknown> = {},
): Promise<{ remote: string; clones: string[] }> {
  const seed = await seeded(gitConfig, config);
  const remote = mkdtempSync(join(tmpdir(), 'cms-remote-'));
  cpSync(seed.remote, remote, { recursive: true });
  const clones = [];
  for (let at = 0; at < count; at++) {
    const clone = mkdtempSync(join(tmpdir(), 'cms-replica-'));
    cpSync(seed.clone, clone, { recursive: true });
    repointRemote(clone, seed.remote, remote);
    clones.push(clone);
  }
  return { remote, clones };
}

/** Every note a server answers, by documentId. */
export const everything = async (server: TestServer) => (await server.getJson('/api/notes?pagination[pageSize]=100&sort=documentId')).body;

/** The remote's branch tip, and a clone's HEAD: a clone that has not diverged has nothing the remote lacks. */
export const tip = (remote: string) => git(remote, 'rev-parse', 'main');
export const head = (clone: string) => git(clone, 'rev-parse', 'HEAD');
/** A file as the remote's tip holds it. */
export const onRemote = (remote: string, path: string) => JSON.parse(git(remote, 'show', `main:${path}`));

/** A test server on a real ephemeral port (peers tell each other over HTTP). */
export const listening = (server: TestServer) => onRealPort(server.cms);

/**
 * The clone's first push waits (a pre-push hook) until `release()`, then fails as a lost race does: the writes that
 * arrive meanwhile are waiting and not committed yet, which is what a rebuild finds under load.
 */
export function holdFirstPush(clone: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cms-hold-'));
  const hook = join(dir, 'pre-push');
  writeFileSync(hook, `#!/bin/sh
[ -f "${dir}/done" ] && exit 0
touch "${dir}/started" "${dir}/done"
while [ ! -f "${dir}/release" ]; do sleep 0.02; done
exit 1
`);
  chmodSync(hook, 0o755);
  git(clone, 'config', 'core.hooksPath', dir);
  return {
    started: () => existsSync(join(dir, 'started')),
    release: () => writeFileSync(join(dir, 'release'), ''),
  };
}

/** Another replica's push, made with plain git from a clone of its own. */
export function pushFrom(clone: string, path: string, text: string) {
  writeText(clone, path, text);
  git(clone, 'add', '--', path);
  git(clone, 'commit', '--quiet', '-m', `Another replica writes ${path}`);
  git(clone, 'push', '--quiet', 'origin', 'main');
}
