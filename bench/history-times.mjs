// Start-up cost of git.timestampsFromHistory at scale: a project of N documents with a history of
// extra commits (each editing 10 articles), loaded with the mode off and on: the first start (one
// `git log --name-only` pass over all history), a start from the `.cms/file-times.json` snapshot,
// and one after 10 new commits. The repository is kept in the temp folder and reused.
// Usage: npm run build && node bench/history-times.mjs [N=100000] [extraCommits=1000]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from './generate.mjs';
import { createCms } from '../dist/core/cms.js';
import { FILE_TIMES_SNAPSHOT, readFileTimes } from '../dist/core/git/file-times.js';

const total = Number(process.argv[2] ?? 100_000);
const extraCommits = Number(process.argv[3] ?? 1000);
const root = join(tmpdir(), `cms-history-bench-${total}-${extraCommits}`);
const git = (...args) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', '-c', 'commit.gpgsign=false', '-c', 'gc.auto=0', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
const articles = () => git('ls-files', 'content/articles').split('\n').filter(Boolean);
/** Commits that each edit 10 articles, as editors would. */
function edit(commits, from) {
  const files = articles();
  for (let commit = from; commit < from + commits; commit++) {
    for (const file of files.slice((commit * 10) % files.length, (commit * 10) % files.length + 10)) {
      writeFileSync(join(root, file), readFileSync(join(root, file), 'utf8').replace(/"views": \d+/, `"views": ${commit}`));
    }
    git('commit', '--quiet', '-am', `Edit ${commit}`);
  }
}

if (!existsSync(join(root, '.git'))) {
  generate(total, root);
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'Import');
  edit(extraCommits, 0);
}

const time = async (label, work) => {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
};
const config = (on) => ({ ...JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8')), git: { timestampsFromHistory: on } });
console.log(`${git('ls-files', 'content').split('\n').filter(Boolean).length} content files, ${git('rev-list', '--count', 'HEAD').trim()} commits`);
rmSync(join(root, FILE_TIMES_SNAPSHOT), { force: true });
await time('history read, no snapshot (one git log pass)', () => readFileTimes(root));
await time('history read from the snapshot', () => readFileTimes(root));
await time('createCms, timestampsFromHistory off', () => createCms({ root, config: config(false), report: () => {} }));
rmSync(join(root, FILE_TIMES_SNAPSHOT), { force: true });
await time('createCms, on, first start (no snapshot)', () => createCms({ root, config: config(true), report: () => {} }));
await time('createCms, on, from the snapshot', () => createCms({ root, config: config(true), report: () => {} }));
edit(10, 100_000);
await time('createCms, on, snapshot + 10 new commits', () => createCms({ root, config: config(true), report: () => {} }));
git('reset', '--quiet', '--hard', 'HEAD~10');
