// `cms.openBranch(name)`: the branch view `cms.branch` last answered, had without waiting (the kept branch reads ask it
// first), only while the branch's ref and the base's are where the view read them; otherwise nothing, and `cms.branch`
// reads again what moved.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { git, initRepo, writableSample } from '../git-workflow/helpers.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

/** Tag "Coffee" of the sample site. */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';

describe('cms.openBranch answers an open branch view only while its refs have not moved', () => {
  let root: string;
  let cms: Cms;
  const colorOn = async (site: Cms) => (await site.contentApi({ method: 'GET', path: `/tags/${COFFEE}`, search: '' })).body.data.color;

  /** A commit on `spring` made in a clone and pushed, as another process moves the ref. */
  function pushColor(color: string) {
    const clone = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-open-branch-')));
    git(clone, 'clone', '--quiet', '--branch', 'spring', root, '.');
    const file = join(clone, `content/tags/${COFFEE}.json`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"color": "[a-z]+"/, `"color": "${color}"`));
    git(clone, 'commit', '--quiet', '-am', `Colour ${color}`);
    git(clone, 'push', '--quiet', 'origin', 'spring');
  }

  beforeAll(async () => {
    root = writableSample();
    initRepo(root);
    git(root, 'branch', 'spring');
    cms = await createCms({ root, report: () => {} });
  });
  afterAll(async () => {
    await cms?.close();
  });

  it('answers nothing for a branch never asked for, and then the very view cms.branch answered', async () => {
    expect(cms.openBranch('spring')).toBeUndefined();
    const view = await cms.branch('spring');
    expect(cms.openBranch('spring')).toBe(view);
    expect(view.branchName).toBe('spring');
  });

  it('answers nothing once another process moved the branch\'s ref, until cms.branch has read the new tip', async () => {
    await cms.branch('spring');
    pushColor('yellow');
    expect(cms.openBranch('spring')).toBeUndefined();
    const view = await cms.branch('spring');
    expect(await colorOn(view)).toBe('yellow');
    expect(cms.openBranch('spring')).toBe(view);
  });

  it('answers nothing once the base\'s ref moved', async () => {
    await cms.branch('spring');
    expect(cms.openBranch('spring')).toBeDefined();
    git(root, 'commit', '--quiet', '--allow-empty', '-m', 'The base moves');
    expect(cms.openBranch('spring')).toBeUndefined();
    await cms.branch('spring');
    expect(cms.openBranch('spring')).toBeDefined();
  });

  it('looks at the refs once for a batch of requests, and a batch begun after another process moved the ref sees it', async () => {
    const view = await cms.branch('spring');
    const batch = {};
    expect(cms.openBranch('spring', batch)).toBe(view);
    pushColor('blue');
    // The batch's requests had all arrived before it looked: the ref as it was then answers them.
    expect(cms.openBranch('spring', batch)).toBe(view);
    // The next batch looks at the ref file as read (one fstat): it was renamed over, whatever the event loop heard of it.
    expect(cms.openBranch('spring', {})).toBeUndefined();
    expect(await colorOn(await cms.branch('spring'))).toBe('blue');
    expect(cms.openBranch('spring', {})).toBeDefined();
  });

  it('a new batch keeps the tips read while their files are the ones read, and sees a ref git renamed over them at once', async () => {
    const view = await cms.branch('spring');
    expect(cms.openBranch('spring', {})).toBe(view);
    expect(cms.openBranch('spring', {})).toBe(view);
    pushColor('green');
    expect(cms.openBranch('spring', {})).toBeUndefined();
    expect(await colorOn(await cms.branch('spring'))).toBe('green');
    expect(cms.openBranch('spring', {})).toBe(await cms.branch('spring'));
    // The same through the served branch's ref: a commit on the base, made by another process, is seen by the next batch.
    git(root, 'commit', '--quiet', '--allow-empty', '-m', 'The base moves again');
    expect(cms.openBranch('spring', {})).toBeUndefined();
  });

  it('never answers the base\'s own branch, a missing branch or a name git refuses: cms.branch answers those', async () => {
    expect(await cms.branch(git(root, 'symbolic-ref', '--short', 'HEAD').trim())).toBe(cms);
    await expect(cms.branch('no-such-branch')).rejects.toThrow('does not exist');
    for (const name of ['main', 'no-such-branch', 'a..b']) expect(cms.openBranch(name)).toBeUndefined();
  });
});
