import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeOfRoot } from '../branches/branch-git.js';
import { refFromFiles } from '../branches/ref-files.js';

/** A remote's URL as git resolves it (`insteadOf` applied), kept while the repository's config file is the same file. */
interface KnownUrl { config: string; url: string }

/** The identity of a file as last seen (git rewrites its config through a lock file renamed over it). */
const identity = (path: string) => {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : '';
};

/** The git folder of a repository on this machine at `url` (a path or a `file://` URL): itself when bare, else its `.git`. */
function localGitDir(url: string): string | undefined {
  let path: string;
  try { path = url.startsWith('file://') ? fileURLToPath(url) : url; } catch { return undefined; }
  if (!isAbsolute(path)) return undefined;
  if (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'refs'))) return path;
  const dotGit = join(path, '.git');
  return statSync(dotGit, { throwIfNoEntry: false })?.isDirectory() ? dotGit : undefined;
}

/**
 * The tip of `branch` on a remote that is a repository on this machine (`cms cluster`'s origin is one), read from that
 * repository's ref files as `git ls-remote` would report it, where a replica's poll would otherwise start `git ls-remote` and
 * its `upload-pack` every second. The remote's URL is asked of git (`ls-remote --get-url`, once, and again whenever the clone's
 * config file was rewritten); the ref is read afresh on every call, so another replica's push shows at once. Undefined when
 * the files cannot say it (a remote over the network, a relative path, no such branch, a symbolic ref, reftable): ask git.
 *
 * @example
 * const tipOf = localRemoteTips('/srv/replica-1', (remote) => git('ls-remote', '--get-url', remote)); await tipOf('origin', 'main')
 */
export function localRemoteTips(
  root: string, urlOf: (remote: string) => Promise<string>,
): (remote: string, branch: string) => Promise<string | undefined> {
  const urls = new Map<string, KnownUrl>();
  return async (remote, branch) => {
    const place = await placeOfRoot(root).catch(() => undefined);
    if (!place) return undefined;
    const config = identity(join(place.gitDir, 'config'));
    let known = urls.get(remote);
    if (known?.config !== config) {
      const url = await urlOf(remote).catch(() => undefined);
      if (url === undefined) return undefined;
      urls.set(remote, known = { config, url });
    }
    const gitDir = localGitDir(known.url);
    return gitDir && refFromFiles(gitDir, gitDir, `refs/heads/${branch}`);
  };
}
