import { ServiceUnavailableError } from '../errors.js';
import { BranchMovedError } from './branch-commit.js';
import { branchGit, refTip } from './branch-git.js';

/** A replica's branch traffic with its remote (`git.push` / `git.pull`): branch refs live on the origin like the base. */
export interface BranchRemote {
  /**
   * Put a branch commit on the remote (a fast-forward only, so the remote orders every replica's writes to the branch). Rejected
   * (another replica wrote the branch first): the local ref is set to the remote's and BranchMovedError thrown, so the write is
   * made again over it. The push failing otherwise (the remote not answering within the push timeout): the remote is asked
   * for the branch's tip; holding this one, the write stands; else the local ref goes back to `previous` (the write is not
   * acknowledged, so nothing may show it) and 503.
   */
  push(branch: string, tip: string, previous: string): Promise<void>;
  /**
   * Bring the remote's branch here; its tip, or undefined when the remote has no such branch. `force`: the local ref
   * takes the remote's whatever it held (after a rejected push); else only a fast-forward (a read replica catching up).
   */
  fetch(branch: string, force?: boolean): Promise<string | undefined>;
}

/**
 * The remote a replica pushes to or pulls from, for branch refs. `timeoutMs`: `git.pushTimeout`.
 *
 * @example
 * const remote = branchRemote('/site', 'origin', 10_000); await remote.push('spring', tip);
 */
export function branchRemote(root: string, remote: string, timeoutMs: number): BranchRemote {
  const git = branchGit(root);
  const fetch = async (branch: string, force = false) => {
    const ref = `refs/heads/${branch}`;
    const found = await git(['ls-remote', '--exit-code', remote, ref], { timeout: timeoutMs }).then(() => true, (error) => {
      if (error.code === 2) return false; // no such ref there
      throw new ServiceUnavailableError(`The remote "${remote}" did not answer for branch "${branch}"; try again`, { branch });
    });
    if (!found) return undefined;
    await git(['fetch', '--quiet', '--no-tags', remote, `${force ? '+' : ''}${ref}:${ref}`], { timeout: timeoutMs });
    return refTip(git, ref);
  };
  return {
    fetch,
    async push(branch, tip, previous) {
      const ref = `refs/heads/${branch}`;
      const push = git(['push', '--quiet', '--porcelain', remote, `${tip}:${ref}`], { timeout: timeoutMs });
      const pushed = await push.then(() => true, async (error) => {
        if (/rejected|non-fast-forward|fetch first|stale info/i.test(`${error.stdout}\n${error.stderr}`)) return false;
        // Failed on this side (timed out, the connection dropped) after the remote took it: the write stands.
        const theirs = await git(['ls-remote', remote, ref], { timeout: timeoutMs }).then((out) => out.split(/\s/)[0], () => undefined);
        if (theirs === tip) return true;
        await git(['update-ref', ref, previous, tip]).catch(() => undefined);
        throw new ServiceUnavailableError(`The branch commit could not reach the remote "${remote}"; try again`, { branch });
      });
      if (pushed) return;
      const theirs = await fetch(branch, true);
      throw new BranchMovedError(branch, tip, theirs);
    },
  };
}
