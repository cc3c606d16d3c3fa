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
const git = (...args) => execFileSync(
  'git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', '-c', 'commit.gpgsign=false', '-c', 'gc.auto=0', ...args],
  { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 },
);
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

if (process.argv[2] !== '--one' && !existsSync(join(root, '.git'))) {
  generate(total, root);
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'Import');
  edit(extraCommits, 0);
}

/** CPU seconds (user + sys) of this process and of the git processes it waited for (Linux). */
function cpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}
/** One start in its own process (the shared machine's load makes wall times noisy: CPU is reported too). */
function measure(label, mode) {
  const out = execFileSync(process.execPath, [import.meta.filename, '--one', mode, root], { encoding: 'utf8' });
  console.log(`${label}: ${out.trim()}`);
}
if (process.argv[2] === '--one') {
  const [, , , mode, dir] = process.argv;
  const started = performance.now();
  if (mode === 'history') await readFileTimes(dir);
  else {
    const config = { ...JSON.parse(readFileSync(join(dir, 'cms.config.json'), 'utf8')), git: { timestampsFromHistory: mode === 'on' } };
    await createCms({ root: dir, config, report: () => {} });
  }
  console.log(`${Math.round(performance.now() - started)} ms wall, ${cpuSeconds().toFixed(1)} s CPU`);
  process.exit(0);
}

const contentFiles = git('ls-files', 'content').split('\n').filter(Boolean).length;
console.log(`${contentFiles} content files, ${git('rev-list', '--count', 'HEAD').trim()} commits`);
rmSync(join(root, FILE_TIMES_SNAPSHOT), { force: true });
measure('history read, no snapshot (one git log pass)', 'history');
measure('history read from the snapshot', 'history');
measure('createCms, timestampsFromHistory off', 'off');
measure('createCms, on, from the snapshot', 'on');
edit(10, 100_000);
measure('createCms, on, snapshot + 10 new commits', 'on');
git('reset', '--quiet', '--hard', 'HEAD~10');
