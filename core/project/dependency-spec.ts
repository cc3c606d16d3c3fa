import { readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { ApplicationError } from '../errors.js';
import { runFile as run } from '../process/run-file.js';

/** This package as found on disk: where it is, and its manifest's name and version. */
export interface OwnPackage {
  root: string;
  name: string;
  version: string;
}

/**
 * A git remote's URL as an npm dependency spec (without the `#committish`), or undefined for a
 * remote a teammate's clone could not install from: a local path or a `file:` URL. Credentials
 * in an https URL are dropped: the spec is committed in the new project's package.json.
 *
 * @example
 * npmGitUrl('git@github.com:acme/gitcms.git')        // 'git+ssh://git@github.com/acme/gitcms.git'
 * npmGitUrl('https://token@github.com/acme/gitcms')  // 'git+https://github.com/acme/gitcms'
 * npmGitUrl('/srv/git/gitcms.git')                   // undefined
 */
export function npmGitUrl(remoteUrl: string): string | undefined {
  const url = remoteUrl.trim();
  // scp-like `[user@]host:path`, but not a Windows drive (`C:\…`) or a URL (`https://…`).
  const scp = /^(?:([\w.-]+)@)?([\w.-]{2,}):(?!\/\/)(.+)$/.exec(url);
  if (scp) {
    const [, user, host, path] = scp;
    return `git+ssh://${user ? `${user}@` : ''}${host}/${path.replace(/^\/+/, '')}`;
  }
  let parsed: URL;
  try { parsed = new URL(url); } catch { return undefined; }
  const protocol = parsed.protocol.replace(/^git\+/, '');
  if (!['https:', 'http:', 'ssh:', 'git:'].includes(protocol)) return undefined;
  const text = withoutCredentials(parsed.href.replace(/^git\+/, ''));
  return protocol === 'git:' ? text : `git+${text}`;
}

/** An http(s) URL without a user or password in it (it is committed to a new project); other URLs as they are. */
function withoutCredentials(spec: string): string {
  const prefix = spec.startsWith('git+') ? 'git+' : '';
  const url = new URL(spec.slice(prefix.length));
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return spec;
  url.username = '';
  url.password = '';
  return prefix + url.href;
}

const GIT_SPEC = /^(?:git\+|git:|github:|gitlab:|bitbucket:|gist:|(?!\.)[\w.-]+\/[\w.-]+(?:#.*)?$)/;

/** A dependency installed from git (URL or hosting shorthand), which npm builds with its `prepare` script. */
export const isGitSpec = (spec: string): boolean => GIT_SPEC.test(spec);

/** A spec that installs the same way on another machine: git (not a `git+file:` path) or a tarball URL. */
const isShareable = (spec: string): boolean => (isGitSpec(spec) && !spec.startsWith('git+file:')) || /^https?:\/\//.test(spec);

/**
 * The spec the project holding this installed package named it by (its package.json beside
 * `node_modules`), when another machine can install from it: installed from git today, the new
 * project is too, rather than named by a version the registry may not have.
 */
async function installedWith(own: OwnPackage): Promise<string | undefined> {
  const parts = own.root.split(sep);
  const project = parts.slice(0, parts.lastIndexOf('node_modules')).join(sep) || sep;
  try {
    type Manifest = Record<string, Record<string, string> | undefined>;
    const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as Manifest;
    const spec = ['dependencies', 'devDependencies', 'optionalDependencies'].map((field) => manifest[field]?.[own.name]).find(Boolean);
    if (!spec || !isShareable(spec)) return undefined;
    return /^(?:git\+)?https?:\/\//.test(spec) ? withoutCredentials(spec) : spec;
  } catch {
    return undefined;
  }
}

/** `git <args>` in `dir`: its trimmed output, or undefined when git fails (not a checkout, no such ref). */
async function git(dir: string, args: string[]): Promise<string | undefined> {
  try {
    return (await run('git', ['-C', dir, ...args], { encoding: 'utf8' })).stdout.trim();
  } catch {
    return undefined;
  }
}

/** The remote a checkout is tied to: the current branch's upstream remote, else `origin`, else the first one. */
async function chosenRemote(root: string): Promise<string | undefined> {
  const upstream = await git(root, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']);
  const remotes = (await git(root, ['remote']))?.split('\n').filter(Boolean) ?? [];
  const fromUpstream = upstream && remotes.find((remote) => upstream.startsWith(`${remote}/`));
  return fromUpstream || (remotes.includes('origin') ? 'origin' : remotes[0]);
}

/** The one line told when no spec can be made: what is wrong, and the way out. */
const cannot = (name: string, why: string, fix: string) => new ApplicationError(
  `cannot name ${name} in the new project's package.json: ${why}; ${fix}, or pass --dependency <spec> (a version range or a git URL)`,
);

/**
 * How a new project's package.json names this package so that a teammate's clone and CI can
 * `npm install` it: for an installed package (under `node_modules`), the version range (`^0.1.0`),
 * or the git or URL spec its project installed it by; for a git checkout, the remote's URL pinned
 * to the running commit, when that commit is on the remote. Never an absolute `file:` path, which
 * works on one machine only. Throws an ApplicationError (one line) when neither holds.
 *
 * @example
 * await dependencySpec({ root: '/app/node_modules/gitcms', name: 'gitcms', version: '0.1.0' })  // '^0.1.0'
 * await dependencySpec({ root: '/src/gitcms', name: 'gitcms', version: '0.1.0' })
 * // 'git+https://github.com/acme/gitcms.git#3ab57e3…' (origin's URL, the checked-out commit)
 */
export async function dependencySpec(own: OwnPackage): Promise<string> {
  if (own.root.split(sep).includes('node_modules')) return (await installedWith(own)) ?? `^${own.version}`;
  const fail = (why: string, fix: string) => cannot(own.name, why, fix);
  const top = await git(own.root, ['rev-parse', '--show-toplevel']);
  if (!top) throw fail(`${own.root} is neither an installed package nor a git checkout`, 'install it from npm or git');
  if (await realpath(top) !== await realpath(own.root)) {
    throw fail(`it is a subfolder of the checkout ${top}, which npm cannot install by git URL`, 'install it from npm');
  }
  const remote = await chosenRemote(own.root);
  if (!remote) throw fail(`the checkout ${own.root} has no git remote`, 'add one and push');
  const remoteUrl = (await git(own.root, ['remote', 'get-url', remote])) ?? '';
  const url = npmGitUrl(remoteUrl);
  if (!url) throw fail(`remote ${remote} is a local path (${remoteUrl}) that a teammate cannot reach`, 'add a shared remote and push');
  const commit = await git(own.root, ['rev-parse', '--verify', 'HEAD']);
  if (!commit) throw fail(`the checkout ${own.root} has no commit yet`, 'commit and push');
  const onRemote = await git(own.root, ['branch', '--remotes', '--contains', commit, '--list', `${remote}/*`]);
  if (!onRemote) throw fail(`commit ${commit.slice(0, 12)} is not on remote ${remote} yet`, 'push it');
  return `${url}#${commit}`;
}
