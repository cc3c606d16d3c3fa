import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
import { branchTip } from '../../core/branches/branch-refs.js';
import { runCms } from '../cli/built-cli.js';
import { commitOnMain, git, sampleRepo, show } from './repo.js';

vi.setConfig({ testTimeout: 180_000 });

const DOC = 'b21v569v53nyjqpe0huv43m6';
const FILE = `content/articles/${DOC}.json`;

async function editOnBranch(root: string, branch: string, edit: (value: any) => void): Promise<void> {
  const value = JSON.parse(show(root, branch, FILE)!);
  edit(value);
  await commitToBranch(root, branch, [{ file: FILE, text: `${JSON.stringify(value, null, 2)}\n` }],
    { author: { name: 'Ann', email: 'ann@example.com' }, message: 'Edit', expectedTip: await branchTip(root, branch) });
}

describe('cms branch: change requests from the command line, the served checkout never switched', () => {
  it('create, list --json, propose to a remote (only that branch, the pull-request URL printed), delete', async () => {
    const root = await sampleRepo();
    const bare = mkdtempSync(join(tmpdir(), 'cms-origin-'));
    git(bare, 'init', '--quiet', '--bare', '--initial-branch=main');
    git(root, 'remote', 'add', 'origin', 'https://github.com/acme/site.git');
    git(root, 'config', `url.${bare}.insteadOf`, 'https://github.com/acme/site.git');
    const head = git(root, 'rev-parse', 'HEAD');

    const created = await runCms(['branch', 'create', 'menu/autumn'], { cwd: root });
    expect(created).toMatchObject({ code: 0, stdout: `menu/autumn ${head}\n` });
    expect(created.stderr).toBe(`created branch menu/autumn at ${head.slice(0, 7)} (from main)\n`);
    await editOnBranch(root, 'menu/autumn', (article) => { article.title = 'Autumn'; });
    const listed = await runCms(['branch', 'list', '--json'], { cwd: root });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({
      base: { name: 'main', tip: head },
      branches: [
        { name: 'menu/autumn', tip: git(root, 'rev-parse', 'menu/autumn'), ahead: 1, behind: 0, pushed: false },
        { name: 'spring', tip: head, ahead: 0, behind: 0, pushed: false },
      ],
    });

    const proposed = await runCms(['branch', 'propose', 'menu/autumn'], { cwd: root });
    expect(proposed).toMatchObject({ code: 0, stdout: 'https://github.com/acme/site/compare/main...menu/autumn?expand=1\n' });
    expect(git(bare, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/menu/autumn');

    expect(await runCms(['branch', 'delete', 'spring'], { cwd: root })).toMatchObject({ code: 0 });
    expect(git(root, 'branch', '--list', 'spring')).toBe('');
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('merge: both sides\' fields kept, the served files updated; a conflict names document and field, exits 1 and changes nothing', async () => {
    const root = await sampleRepo();
    await runCms(['branch', 'create', 'clash'], { cwd: root });
    await editOnBranch(root, 'spring', (article) => { article.title = 'Spring title'; });
    await editOnBranch(root, 'clash', (article) => { article.description = 'Clash description'; });
    commitOnMain(root, FILE, (article) => { article.description = 'Main description'; });

    const merged = await runCms(['branch', 'merge', 'spring'], { cwd: root });
    expect(merged.code).toBe(0);
    expect(merged.stdout.trim()).toBe(git(root, 'rev-parse', 'HEAD'));
    expect(merged.stderr).toBe('merged spring into main: 1 file changed\n');
    expect(JSON.parse(readFileSync(join(root, FILE), 'utf8'))).toMatchObject({ title: 'Spring title', description: 'Main description' });

    const base = git(root, 'rev-parse', 'HEAD');
    const text = readFileSync(join(root, FILE), 'utf8');
    const clash = await runCms(['branch', 'merge', 'clash'], { cwd: root });
    expect(clash.code).toBe(1);
    expect(clash.stdout).toBe('');
    expect(clash.stderr).toBe(`cms: 409 ConflictError: "clash" conflicts with main: api::article.article ${DOC} (${FILE}): `
      + 'field description. Nothing was merged\n');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(text);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('errors are one line and a non-zero exit: a refused name, an unknown branch, an existing one', async () => {
    const root = await sampleRepo();
    const refused = await runCms(['branch', 'create', 'a..b'], { cwd: root });
    expect(refused).toMatchObject({ code: 1, stderr: 'cms: 400 ValidationError: Branch name "a..b" contains ".."\n' });
    const unknown = await runCms(['branch', 'merge', 'nope'], { cwd: root });
    expect(unknown).toMatchObject({ code: 1, stderr: 'cms: 404 NotFoundError: Branch "nope" does not exist\n' });
    const twice = await runCms(['branch', 'create', 'spring'], { cwd: root });
    expect(twice).toMatchObject({ code: 1, stderr: 'cms: 400 ValidationError: Branch "spring" already exists\n' });
    const json = await runCms(['branch', 'delete', 'nope', '--json'], { cwd: root });
    expect(JSON.parse(json.stderr)).toEqual({
      data: null, error: { status: 404, name: 'NotFoundError', message: 'Branch "nope" does not exist', details: {} },
    });
  });
});
