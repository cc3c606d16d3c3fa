import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, start } from './helpers.js';

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8' });

/** Change the site while no server runs: a title edited, a tag added (non-ASCII text), an article removed. */
function changeWhileDown(root: string): void {
  const rome = join(root, `content/articles/${A.rome}.json`);
  writeFileSync(rome, readFileSync(rome, 'utf8').replace('The best coffee in Rome', 'Café crème, edited while the server was down'));
  writeFileSync(join(root, 'content/tags/newtag0000000000000000001.json'), JSON.stringify({ name: 'Été à Zürich', slug: 'ete' }));
  rmSync(join(root, `content/articles/${A.sunset}.json`));
}

/**
 * Restart from the snapshot, then start cold (no snapshot): both answer every read the same, problems included.
 * Returns how many files the restart read (the rest came from the snapshot).
 */
async function expectRestartAnswersAsCold(root: string): Promise<number> {
  const restart = await start(root);
  expect(restart.stats.snapshot).toBe('used');
  const cold = await start(root, false);
  expect(await answers(restart.cms)).toEqual(await answers(cold.cms));
  expect(restart.cms.problems().map(String)).toEqual(cold.cms.problems().map(String));
  const tag = (await restart.cms.ownerApi({ method: 'GET', path: '/tags', search: 'filters[slug]=ete' })).body as { data: { name: string }[] };
  expect(tag.data.map(({ name }) => name)).toEqual(['Été à Zürich']);
  return restart.stats.read;
}

describe('a restart after files changed while the server was down answers as a cold start', () => {
  it('outside Git (each file checked by its stamp)', async () => {
    const root = copySampleSite();
    await start(root);
    changeWhileDown(root);
    expect(await expectRestartAnswersAsCold(root)).toBeGreaterThan(0);
  });

  it('in a Git checkout (Git names what changed since the snapshot), then once more with the rewritten snapshot', async () => {
    const root = copySampleSite();
    writeFileSync(join(root, '.gitignore'), '.cms/\n');
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'site');
    await start(root);
    changeWhileDown(root);
    expect(await expectRestartAnswersAsCold(root)).toBeGreaterThan(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'changed while down');
    await expectRestartAnswersAsCold(root);
  });
});
