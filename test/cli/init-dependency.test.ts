import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApplicationError } from '../../core/errors.js';
import { dependencySpec, npmGitUrl } from '../../core/project/dependency-spec.js';
import { REPO_ROOT } from '../helpers/project.js';
import { ensureBuilt } from './built-cli.js';

const made: string[] = [];
afterAll(() => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });
const tempDir = (prefix: string) => { const dir = mkdtempSync(join(tmpdir(), prefix)); made.push(dir); return dir; };

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
const SHARED_REMOTE = 'https://example.com/acme/gitcms.git';

/**
 * A checkout of the package with one commit: `remote` names its origin, `pushed` makes the commit
 * known on it (a remote-tracking ref, as a fetch after a push leaves it; nothing goes on the network).
 */
function checkout(dir: string, options: { remote?: string; pushed?: boolean } = {}): string {
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '--quiet', '--allow-empty', '-m', 'one');
  if (options.remote) git(dir, 'remote', 'add', 'origin', options.remote);
  if (options.pushed) git(dir, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
  return git(dir, 'rev-parse', 'HEAD');
}

const own = (root: string) => ({ root, name: 'gitcms', version: '1.2.3' });

describe('npmGitUrl: a remote URL as an npm git dependency', () => {
  it.each([
    ['https://github.com/acme/gitcms.git', 'git+https://github.com/acme/gitcms.git'],
    ['https://user:s3cret@gitlab.com/acme/gitcms.git', 'git+https://gitlab.com/acme/gitcms.git'],
    ['git@github.com:acme/gitcms.git', 'git+ssh://git@github.com/acme/gitcms.git'],
    ['ssh://git@git.example.com:2222/acme/gitcms.git', 'git+ssh://git@git.example.com:2222/acme/gitcms.git'],
    ['git+https://github.com/acme/gitcms.git', 'git+https://github.com/acme/gitcms.git'],
    ['git://git.example.com/gitcms.git', 'git://git.example.com/gitcms.git'],
    ['/srv/git/gitcms.git', undefined],
    ['../gitcms', undefined],
    ['file:///srv/git/gitcms.git', undefined],
    ['C:\\repos\\gitcms', undefined],
  ])('%s → %s', (remote, expected) => {
    expect(npmGitUrl(remote)).toBe(expected);
  });
});

describe('dependencySpec: what a new project\'s package.json can install', () => {
  it('names the version range when the package is installed under node_modules', async () => {
    expect(await dependencySpec(own(join(tempDir('cms-dep-'), 'node_modules', 'gitcms')))).toBe('^1.2.3');
  });

  it.each([
    ['git+https://example.com/acme/gitcms.git#3ab57e3', 'git+https://example.com/acme/gitcms.git#3ab57e3'],
    ['git+https://user:s3cret@example.com/acme/gitcms.git#main', 'git+https://example.com/acme/gitcms.git#main'],
    ['github:acme/gitcms#v0.1.0', 'github:acme/gitcms#v0.1.0'],
    ['acme/gitcms', 'acme/gitcms'],
    ['^1.0.0', '^1.2.3'],
    ['file:../gitcms-1.2.3.tgz', '^1.2.3'],
    ['git+file:///srv/git/gitcms.git#main', '^1.2.3'],
  ])('installed by a project that names it %s, names it %s (what another machine installs the same way)', async (installedAs, expected) => {
    const project = tempDir('cms-dep-project-');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { gitcms: installedAs } }));
    expect(await dependencySpec(own(join(project, 'node_modules', 'gitcms')))).toBe(expected);
  });

  it('names the remote\'s git URL pinned to the checked-out commit when that commit is on the remote', async () => {
    const dir = tempDir('cms-dep-');
    const commit = checkout(dir, { remote: SHARED_REMOTE, pushed: true });
    expect(await dependencySpec(own(dir))).toBe(`git+https://example.com/acme/gitcms.git#${commit}`);
  });

  it.each([
    ['a checkout without a remote', {}, /the checkout .* has no git remote; add one and push, or pass --dependency <spec>/],
    ['a remote that is a local path', { remote: '/srv/git/gitcms.git', pushed: true },
      /remote origin is a local path \(\/srv\/git\/gitcms\.git\)/],
    ['a commit not pushed yet', { remote: SHARED_REMOTE },
      /commit [0-9a-f]{12} is not on remote origin yet; push it, or pass --dependency/],
  ])('refuses %s with one line naming the way out (never a file: path)', async (_, options, message) => {
    const dir = tempDir('cms-dep-');
    checkout(dir, options);
    const error = await dependencySpec(own(dir)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('refuses a package in a subfolder of a checkout (npm installs a git URL from the repository\'s top)', async () => {
    const dir = tempDir('cms-dep-');
    checkout(dir, { remote: SHARED_REMOTE, pushed: true });
    mkdirSync(join(dir, 'packages/gitcms'), { recursive: true });
    await expect(dependencySpec(own(join(dir, 'packages/gitcms'))))
      .rejects.toThrow(/is a subfolder of the checkout .*; install it from npm, or pass --dependency/);
  });

  it('refuses a folder that is neither installed nor a checkout', async () => {
    await expect(dependencySpec(own(tempDir('cms-dep-')))).rejects.toThrow(/is neither an installed package nor a git checkout/);
  });
});

/** The built package copied into its own folder (its dependencies linked), so `cms init` runs from a checkout the test owns. */
function packageCopy(): string {
  ensureBuilt();
  const root = tempDir('cms-dep-package-');
  cpSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
  cpSync(join(REPO_ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

const runInit = (pkg: string, cwd: string) => new Promise<{ code: number; stderr: string }>((resolve) => {
  execFile(process.execPath, [join(pkg, 'dist/cli/bin.js'), 'init', 'site'], { cwd }, (error, _stdout, stderr) => {
    resolve({ code: error ? Number(error.code ?? 1) : 0, stderr });
  });
});

describe('cms init run from a git checkout (the real CLI process)', () => {
  const pkg = packageCopy();

  it('fails in one line and writes nothing while the checkout has no remote', async () => {
    checkout(pkg);
    const cwd = tempDir('cms-dep-site-');
    const { code, stderr } = await runInit(pkg, cwd);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/has no git remote; add one and push, or pass --dependency <spec>/)]);
    expect(existsSync(join(cwd, 'site'))).toBe(false);
  });

  it('writes the remote\'s git URL at the pushed commit into package.json, which the CI workflow installs', async () => {
    git(pkg, 'remote', 'add', 'origin', SHARED_REMOTE);
    git(pkg, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    const cwd = tempDir('cms-dep-site-');
    mkdirSync(cwd, { recursive: true });
    expect((await runInit(pkg, cwd)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(cwd, 'site/package.json'), 'utf8'));
    const spec = `git+https://example.com/acme/gitcms.git#${git(pkg, 'rev-parse', 'HEAD')}`;
    expect(manifest.dependencies).toEqual({ gitcms: spec });
    // npm builds a git dependency with its prepare script, which npm 12 runs only when allowScripts names it.
    expect(manifest.allowScripts).toEqual({ [spec]: true });
    expect(readFileSync(join(cwd, 'site/.github/workflows/content.yml'), 'utf8')).toContain('- run: npm install\n');
  });
});
