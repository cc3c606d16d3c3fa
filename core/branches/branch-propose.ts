import { ConflictError, ValidationError } from '../errors.js';
import { GitUnavailableError, gitReason } from '../git/git-errors.js';
import { pullRequestUrl } from '../git/pull-request-url.js';
import { remoteNames } from '../git/remote-names.js';
import { type BranchGit, branchGit, refTip } from './branch-git.js';
import { checkBranchName } from './branch-names.js';
import { type BaseBranchConfig, baseBranch, branchTip } from './branch-refs.js';

export interface ProposeOptions {
  config?: BaseBranchConfig & { git: { push: string | false } };
  /** The remote to push to; by default `git.push`, else `origin`, else the only remote. */
  remote?: string;
}

/** The remote a proposal goes to: the one asked for, else `git.push`, else `origin`, else the only one. */
async function proposalRemote(root: string, git: BranchGit, preferred: Array<string | false | undefined>): Promise<string> {
  const remotes = await remoteNames(root, () => git(['remote']));
  const remote = [...preferred, 'origin'].find((name): name is string => !!name && remotes.includes(name))
    ?? (remotes.length === 1 ? remotes[0] : undefined);
  if (remote) return remote;
  throw new GitUnavailableError(remotes.length
    ? `Several git remotes (${remotes.join(', ')}) and none is "origin": set git.push in the config`
    : 'No git remote is configured (git remote add origin <url>)');
}

/**
 * Propose a change request: push its branch alone (`refs/heads/<name>:refs/heads/<name>`, never the base or another branch) and
 * answer the hosting site's page that opens a pull request from it into the base (GitHub, GitLab, Bitbucket, Gitea/Forgejo;
 * null for any other remote). A push the remote refuses (the branch moved there) is a 409 with git's reason.
 *
 * @example
 * await proposeBranch(root, 'spring')
 * // { name: 'spring', base: 'main', remote: 'origin', tip: '…',
 * //   pullRequestUrl: 'https://github.com/acme/site/compare/main...spring?expand=1' }
 */
export async function proposeBranch(root: string, name: string, options: ProposeOptions = {})
  : Promise<{ name: string; base: string; remote: string; tip: string; pullRequestUrl: string | null }> {
  checkBranchName(name);
  const git = branchGit(root);
  const tip = await branchTip(root, name);
  const base = await baseBranch(root, options.config);
  if (name === base) throw new ValidationError(`Branch "${name}" is the base branch: propose a change request instead`, { name });
  if (options.remote !== undefined && !/^[A-Za-z0-9][\w.-]*$/.test(options.remote)) {
    throw new ValidationError(`"${options.remote}" is not a remote name`, { remote: options.remote.slice(0, 200) });
  }
  const remote = await proposalRemote(root, git, [options.remote, options.config?.git.push]);
  if (options.remote !== undefined && remote !== options.remote) throw new GitUnavailableError(`No git remote "${options.remote}"`);
  // Only a branch this clone pushed (or a new one) is written: a proposal named like another branch of the remote (a deploy
  // branch, say) never moves it.
  const pushedBefore = await refTip(git, `refs/remotes/${remote}/${name}`) ?? '';
  await pushBranchRef(root, remote, name, pushedBefore).catch(async (error) => {
    // A push that failed on this side (timed out, the connection dropped) may still have reached the remote: if the remote's
    // branch is this tip, the proposal stands (and is not refused as stale when proposed again).
    if (await remoteTip(git, remote, name) !== tip) throw error;
  });
  await git(['update-ref', `refs/remotes/${remote}/${name}`, tip]);
  const url = (await git(['config', '--get', `remote.${remote}.url`]).catch(() => '')).trim();
  return { name, base, remote, tip, pullRequestUrl: (url && pullRequestUrl(url, base, name)) || null };
}

/** The tip of a branch on a remote as the remote answers now, or undefined (no such branch, remote unreachable). */
async function remoteTip(git: BranchGit, remote: string, name: string): Promise<string | undefined> {
  const out = await git(['ls-remote', '--quiet', '--', remote, `refs/heads/${name}`], { timeout: 30_000 }).catch(() => '');
  return out.split(/\s/)[0] || undefined;
}

/**
 * Push one branch to the same name on a remote, nothing else; a refusal is a 409 with git's reason.
 *
 * @example
 * await pushBranchRef(root, 'origin', 'main')
 */
export async function pushBranchRef(root: string, remote: string, name: string, lease?: string): Promise<void> {
  const leased = lease === undefined ? [] : [`--force-with-lease=refs/heads/${name}:${lease}`];
  const refspec = `refs/heads/${checkBranchName(name)}:refs/heads/${name}`;
  await branchGit(root)(['push', '--quiet', ...leased, '--', remote, refspec], { timeout: 120_000 })
    .catch((error) => {
      if ((error as { killed?: boolean }).killed) {
        throw new GitUnavailableError(`Pushing "${name}" to ${remote} did not finish within 2 minutes; it may still reach the remote`);
      }
      throw new ConflictError(gitReason(error), { name, remote });
    });
}
