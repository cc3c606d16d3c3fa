// How each way of asking 'which content files changed?' costs on a generated site (docs/reference/performance-scale.md).
// Usage: node bench/git-options.mjs <site, a Git checkout> [runs]
import { readdirSync, lstatSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
const root = process.argv[2]; const runs = +(process.argv[3] ?? 3);
const files = [];
for (const f of readdirSync(root + '/content')) {
  for (const n of readdirSync(`${root}/content/${f}`)) files.push(`${root}/content/${f}/${n}`);
}
const best = (fn) => {
  let b = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    b = Math.min(b, performance.now() - t);
  }
  return Math.round(b);
};
const cpu = (fn) => { const u = process.cpuUsage(); fn(); const d = process.cpuUsage(u); return Math.round((d.user + d.system) / 1000); };
const git = (...a) => () => execFileSync('git', a, { cwd: root, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
const rows = {
  'node lstat per file': best(() => { for (const f of files) lstatSync(f, { throwIfNoEntry: false }); }),
  'git status -uall --ignored -- content': best(
    git('status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored=matching', '--', 'content'),
  ),
  'git status -uno': best(git('status', '--porcelain=v1', '-z', '--untracked-files=no')),
  'git diff --name-only HEAD (worktree vs commit)': best(git('diff', '--name-only', 'HEAD')),
  'git diff --name-only HEAD~0 HEAD (commit vs commit)': best(git('diff', '--name-only', 'HEAD', 'HEAD')),
  'git ls-files (index listing)': best(git('ls-files', '-z')),
};
console.log(JSON.stringify({ files: files.length, ...rows }));
