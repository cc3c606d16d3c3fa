import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { placeOfRoot } from '../branches/branch-git.js';

/** Per project root, the remotes git listed and the config files' identities when it listed them. */
const kept = new Map<string, { key: string; names: Promise<string[]> }>();

/** A file as last seen: git rewrites a config through a lock file renamed over it (a new inode, a new mtime). */
const identity = (path: string) => {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}` : '-';
};

/** The config files git reads in a repository (system, global, the repository's, the work tree's), as its environment says. */
function configFiles(place: { gitDir: string; headDir: string }): string[] {
  const { env } = process;
  const home = env.HOME || homedir();
  const global = env.GIT_CONFIG_GLOBAL !== undefined ? [env.GIT_CONFIG_GLOBAL]
    : [join(env.XDG_CONFIG_HOME || join(home, '.config'), 'git', 'config'), join(home, '.gitconfig')];
  const system = env.GIT_CONFIG_NOSYSTEM ? [] : [env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig'];
  return [...system, ...global, join(place.gitDir, 'config'), join(place.headDir, 'config.worktree')].filter(Boolean);
}

/** Whether a config file pulls in others (`[include]`, `[includeIf …]`), whose changes its own stat would not show. */
const includesOthers = (path: string) => {
  try { return /^\s*\[\s*include/im.test(readFileSync(path, 'utf8')); } catch { return false; }
};

/**
 * The configured remotes' names (`git remote`, run by `listRemotes`), kept per project root while every config file git reads
 * is the same file (one stat each): a remote added or removed, by the panel or by plain git, is listed at the next call.
 * A config that includes other files, and a root outside a repository, are asked of git every time; a failure is not kept.
 *
 * @example
 * await remoteNames('/site', () => git(['remote'])) // ['origin']
 */
export async function remoteNames(root: string, listRemotes: () => Promise<string>): Promise<string[]> {
  const list = () => listRemotes().then((out) => out.split('\n').map((line) => line.trim()).filter(Boolean));
  const place = await placeOfRoot(root).catch(() => undefined);
  if (!place) return list();
  const files = configFiles(place);
  // The command-line config of this process (`GIT_CONFIG_COUNT`, `-c` of a parent git) is part of what git reads.
  const key = [...files.map(identity), process.env.GIT_CONFIG_PARAMETERS, process.env.GIT_CONFIG_COUNT].join('|');
  const known = kept.get(root);
  if (known?.key === key) return known.names;
  const names = list();
  if (!files.some(includesOthers)) {
    kept.set(root, { key, names });
    names.catch(() => { if (kept.get(root)?.names === names) kept.delete(root); });
  }
  return names;
}
