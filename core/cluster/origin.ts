import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApplicationError } from '../errors.js';
import { setupMergeDriver } from '../git/merge-setup.js';
import { runFile as run } from '../process/run-file.js';

const git = async (cwd: string, ...args: string[]) => (await run('git', args, { cwd })).stdout.trim();

/** What every replica's clone runs with: push each write to the origin, poll it every second, times from history. */
// No `pull` interval: each replica polls the origin's tip (`git.poll`, 1 s) and is told by its peers after their pushes.
export const REPLICA_GIT = { push: 'origin', timestampsFromHistory: true } as const;

/**
 * A bare origin at `origin` holding the project's committed HEAD plus one commit that turns on
 * replication (`git.push`/`git.pull` in `cms.config.json`, the merge attribute in `.gitattributes`),
 * made in a scratch clone so the project's own checkout is never touched. Returns the project's
 * folder inside the repository ('' at its top).
 *
 * @example
 * const prefix = await createOrigin('/srv/site', '/tmp/cluster/origin.git', '/tmp/cluster/seed');
 */
export async function createOrigin(project: string, origin: string, scratch: string): Promise<string> {
  const prefix = await git(project, 'rev-parse', '--show-prefix').catch(() => {
    throw new ApplicationError(`${project} is not in a git repository: commit the project first (git init && git add -A && git commit)`);
  });
  await git(project, 'rev-parse', '--verify', 'HEAD').catch(() => {
    throw new ApplicationError('the project has no commit yet: commit it first');
  });
  await run('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin]);
  await git(project, 'push', '--quiet', origin, 'HEAD:refs/heads/main');
  await run('git', ['clone', '--quiet', origin, scratch]);
  const root = join(scratch, prefix);
  if (['cms.config.mjs', 'cms.config.js'].some((name) => existsSync(join(root, name)))) {
    throw new ApplicationError('cms cluster needs a cms.config.json (it adds git.push and git.pull to it in the origin)');
  }
  const file = join(root, 'cms.config.json');
  const config = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  config.git = { ...config.git, ...REPLICA_GIT };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  // The merge attribute goes in the commit (the driver command set here dies with the scratch clone).
  await setupMergeDriver(scratch, 'false');
  await git(scratch, 'add', '-A');
  const identity = ['-c', 'user.name=cms cluster', '-c', 'user.email=cluster@localhost'];
  const message = 'cms cluster: replicas push every write to the origin, which orders them';
  await git(scratch, ...identity, 'commit', '--quiet', '--allow-empty', '-m', message);
  await git(scratch, 'push', '--quiet', 'origin', 'main');
  return prefix;
}

/** A clone of the origin for one replica, with the content merge driver set up; returns the project folder in it. */
export async function cloneReplica(origin: string, clone: string, prefix: string, mergeDriver: string): Promise<string> {
  await run('git', ['clone', '--quiet', origin, clone]);
  await git(clone, 'config', 'user.name', 'cms replica');
  await git(clone, 'config', 'user.email', 'replica@localhost');
  await setupMergeDriver(clone, mergeDriver);
  return join(clone, prefix);
}
