/** A hosting site the studio can send an editor to, to open a pull (or merge) request. */
type Host = 'github' | 'gitlab' | 'bitbucket' | 'gitea';

/** Each site's "new pull request" page, from the repository's web address (no API, no token). */
/** A branch in a URL path: encoded, but its slashes kept (`edits/spring`), as the sites write them. */
const inPath = (branch: string) => encodeURIComponent(branch).replace(/%2F/g, '/');

const COMPARE: Record<Host, (web: string, base: string, branch: string) => string> = {
  github: (web, base, branch) => `${web}/compare/${inPath(base)}...${inPath(branch)}?expand=1`,
  gitlab: (web, base, branch) => `${web}/-/merge_requests/new`
    + `?merge_request[source_branch]=${encodeURIComponent(branch)}&merge_request[target_branch]=${encodeURIComponent(base)}`,
  bitbucket: (web, base, branch) => `${web}/pull-requests/new?source=${encodeURIComponent(branch)}&dest=${encodeURIComponent(base)}`,
  // Gitea and its fork Forgejo (Codeberg) share the page.
  gitea: (web, base, branch) => `${web}/compare/${inPath(base)}...${inPath(branch)}`,
};

const HOSTS: Record<string, Host> = {
  'github.com': 'github', 'gitlab.com': 'gitlab', 'bitbucket.org': 'bitbucket', 'gitea.com': 'gitea', 'codeberg.org': 'gitea',
};
/** A self-hosted server named after its software (`gitlab.example.com`, `forgejo.example.org`): the first label says which. */
const SELF_HOSTED: Record<string, Host> = { gitlab: 'gitlab', gitea: 'gitea', forgejo: 'gitea' };
const hostOf = (hostname: string): Host | undefined => HOSTS[hostname] ?? SELF_HOSTED[hostname.split('.')[0]];

/**
 * A remote URL (https, `ssh://`, or scp-like `git@host:owner/repo.git`) → the repository's web
 * address and its hosting site, or undefined for any other host or a local path.
 *
 * @example
 * repositoryWeb('git@github.com:acme/site.git') // { host: 'github', web: 'https://github.com/acme/site' }
 */
export function repositoryWeb(remoteUrl: string): { host: Host; web: string } | undefined {
  const url = remoteUrl.trim();
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)([^\s]+)$/.exec(url);
  let hostname: string;
  let path: string;
  if (scp) {
    [, hostname, path] = scp;
  } else {
    let parsed: URL;
    try { parsed = new URL(url); } catch { return undefined; }
    if (!['https:', 'http:', 'ssh:', 'git+ssh:'].includes(parsed.protocol)) return undefined;
    hostname = parsed.hostname;
    path = parsed.pathname;
  }
  const host = hostOf(hostname.toLowerCase());
  const parts = path.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '').split('/').filter(Boolean);
  // GitLab nests groups (group/subgroup/repo); GitHub, Bitbucket and Gitea have exactly owner/repo.
  if (!host || parts.length < 2 || (host !== 'gitlab' && parts.length !== 2)) return undefined;
  if (parts.some((part) => part === '.' || part === '..' || !/^[\w.-]+$/.test(part))) return undefined;
  return { host, web: `https://${hostname.toLowerCase()}/${parts.join('/')}` };
}

/**
 * The page that opens a pull request from `branch` into `base` on the remote's hosting site, or
 * undefined when the remote is not on GitHub, GitLab, Bitbucket or Gitea/Forgejo (gitea.com, codeberg.org, or a server
 * whose name starts with `gitlab.`, `gitea.` or `forgejo.`).
 *
 * @example
 * pullRequestUrl('https://github.com/acme/site.git', 'main', 'edits/spring')
 * // 'https://github.com/acme/site/compare/main...edits/spring?expand=1'
 */
export function pullRequestUrl(remoteUrl: string, base: string, branch: string): string | undefined {
  const repository = repositoryWeb(remoteUrl);
  return repository && COMPARE[repository.host](repository.web, base, branch);
}
