import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
import { mergeBranch } from '../../core/branches/branch-merge.js';
import { branchTip } from '../../core/branches/branch-refs.js';
import { ConflictError } from '../../core/errors.js';
import { toErrorBody } from '../../core/strapi/errors.js';
import { commitOnMain, git, sampleRepo, show } from './repo.js';

const DOC = 'b21v569v53nyjqpe0huv43m6';
const FILE = `content/articles/${DOC}.json`;
const ann = { name: 'Ann Lee', email: 'ann@example.com' };

/** The article's JSON on the branch, edited. */
async function editOnBranch(root: string, edit: (value: any) => void, branch = 'spring'): Promise<string> {
  const value = JSON.parse(show(root, branch, FILE)!);
  edit(value);
  const { commit } = await commitToBranch(root, branch, [{ file: FILE, text: `${JSON.stringify(value, null, 2)}\n` }],
    { author: ann, message: 'Edit on spring', expectedTip: await branchTip(root, branch) });
  return commit;
}

describe('mergeBranch: a change request into the base, through the content merge driver', () => {
  it('merges both sides field by field (the driver ran: a line merge of these tag lists conflicts) and fast-forwards the served tree', async () => {
    const root = await sampleRepo();
    const branchTipBefore = await editOnBranch(root, (article) => { article.title = 'Spring title'; article.tags.push('spring-tag'); });
    commitOnMain(root, FILE, (article) => { article.description = 'Main description'; article.tags.push('main-tag'); });
    const before = git(root, 'rev-parse', 'HEAD');
    const merged = await mergeBranch(root, 'spring', ann);
    expect(merged).toMatchObject({ name: 'spring', base: 'main', changed: [FILE] });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(merged.commit);
    expect(git(root, 'rev-parse', 'refs/heads/main')).toBe(merged.commit);
    expect(git(root, 'log', '-1', '--format=%P|%an|%s', merged.commit)).toBe(`${before} ${branchTipBefore}|Ann Lee|Merge change request "spring" into main`);
    const onDisk = JSON.parse(readFileSync(join(root, FILE), 'utf8'));
    expect(onDisk).toMatchObject({ title: 'Spring title', description: 'Main description' });
    expect(onDisk.tags).toEqual(expect.arrayContaining(['spring-tag', 'main-tag', 'cam30tzqd480rk3dlw4dc20m']));
    expect(git(root, 'status', '--porcelain')).toBe('');
    // Merging again has nothing to bring.
    expect(await mergeBranch(root, 'spring', ann)).toEqual({ name: 'spring', base: 'main', commit: merged.commit, changed: [] });
  });

  it('a conflict names the document and the field, is a 409, and changes nothing: not the base, not the served tree', async () => {
    const root = await sampleRepo();
    await editOnBranch(root, (article) => { article.title = 'Spring title'; article.slug = 'spring-slug'; });
    commitOnMain(root, FILE, (article) => { article.title = 'Main title'; article.slug = 'main-slug'; });
    const before = git(root, 'rev-parse', 'HEAD');
    const text = readFileSync(join(root, FILE), 'utf8');
    const error = await mergeBranch(root, 'spring', ann).catch((caught) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(`"spring" conflicts with main: api::article.article ${DOC} (${FILE}): fields title, slug. Nothing was merged`);
    expect(toErrorBody(error).error).toMatchObject({ status: 409, name: 'ConflictError' });
    expect(error.details.conflicts).toEqual([
      { file: FILE, type: 'api::article.article', documentId: DOC, field: 'title', reason: 'contents' },
      { file: FILE, type: 'api::article.article', documentId: DOC, field: 'slug', reason: 'contents' },
    ]);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(root, 'rev-parse', 'refs/heads/main')).toBe(before);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(text);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('a document changed on one side and deleted on the other is one conflict of the whole document', async () => {
    const root = await sampleRepo();
    await commitToBranch(root, 'spring', [{ file: FILE, text: null }], { author: ann, message: 'Delete', expectedTip: await branchTip(root, 'spring') });
    commitOnMain(root, FILE, (article) => { article.title = 'Main title'; });
    const error = await mergeBranch(root, 'spring', ann).catch((caught) => caught);
    expect(error.details.conflicts).toEqual([{ file: FILE, type: 'api::article.article', documentId: DOC, field: null, reason: 'modify/delete' }]);
  });

  it('refuses, changing nothing, when the served tree has uncommitted changes to a file the branch changes', async () => {
    const root = await sampleRepo();
    await editOnBranch(root, (article) => { article.title = 'Spring title'; });
    const before = git(root, 'rev-parse', 'HEAD');
    const edited = readFileSync(join(root, FILE), 'utf8').replace('"The internet\'s Own boy"', '"Unsaved"');
    (await import('node:fs')).writeFileSync(join(root, FILE), edited);
    const error = await mergeBranch(root, 'spring', ann).catch((caught) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toMatch(/uncommitted changes .*b21v569v53nyjqpe0huv43m6\.json/);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(edited);
  });

  it('a publish step that fails (the origin refused) undoes the merge: base, HEAD and files as before', async () => {
    const root = await sampleRepo();
    await editOnBranch(root, (article) => { article.title = 'Spring title'; });
    const before = git(root, 'rev-parse', 'HEAD');
    const text = readFileSync(join(root, FILE), 'utf8');
    const publish = vi.fn(async () => { throw new ConflictError('the origin refused'); });
    await expect(mergeBranch(root, 'spring', ann, { publish })).rejects.toThrow('the origin refused');
    expect(publish).toHaveBeenCalledWith({ base: 'main', commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(git(root, 'rev-parse', 'refs/heads/main')).toBe(before);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(text);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});
