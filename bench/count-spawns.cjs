// Every child process a Node process starts, one line each appended to $SPAWN_LOG (issue 39): pid, role (vitest's worker, the
// cms CLI, other node), RSS and heap (MB) at the start, sync or async, ms spent in the starting call, what was started (git's
// subcommand, `cms` or `cms serve`, else the program's name). Preloaded into every node process of a test run:
//   SPAWN_LOG=/tmp/spawns.tsv NODE_OPTIONS="--require $PWD/bench/count-spawns.cjs" npx vitest run test/git-workflow
//   cut -f2,5,7 /tmp/spawns.tsv | sort | uniq -c | sort -rn
const cp = require('node:child_process');
const { appendFileSync } = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');

const LOG = process.env.SPAWN_LOG;
const script = (process.argv[1] ?? '').split('/').slice(-3).join('/');
const role = /workers\/forks/.test(script) ? 'worker' : /cli\/bin\.js/.test(script) ? 'cms' : `node ${script}`;

function kind(file, args = []) {
  const name = String(file).split('/').pop();
  // Words, not options: git's `-c name=value` and `-C dir` take the next word along.
  const words = args.map(String).filter((word, at) => !word.startsWith('-') && !['-c', '-C'].includes(String(args[at - 1])));
  if (name === 'git') return `git ${words[0] ?? ''}`;
  if (name === 'nice') return `nice ${words.slice(1, 3).join(' ')}`;
  if (file !== process.execPath && name !== 'node') return name;
  if (!words[0]?.endsWith('cli/bin.js')) return `node ${(words[0] ?? '').split('/').slice(-2).join('/')}`;
  return words[1] === 'serve' ? 'cms serve' : 'cms';
}
function log(started, how, ms) {
  const { rss, heapUsed } = process.memoryUsage();
  appendFileSync(LOG, [process.pid, role, (rss / 2 ** 20).toFixed(0), (heapUsed / 2 ** 20).toFixed(0), how, ms.toFixed(1), started].join('\t') + '\n');
}

if (LOG) {
  // Every asynchronous start (spawn, execFile, exec, fork) goes through ChildProcess#spawn; the synchronous ones through these three.
  const { spawn } = cp.ChildProcess.prototype;
  cp.ChildProcess.prototype.spawn = function (options) {
    const at = performance.now();
    try { return spawn.call(this, options); } finally { log(kind(options.file, options.args?.slice(1)), 'async', performance.now() - at); }
  };
  for (const name of ['spawnSync', 'execFileSync', 'execSync']) {
    const original = cp[name];
    cp[name] = function (file, args, ...rest) {
      const at = performance.now();
      try { return original.call(this, file, args, ...rest); } finally {
        log(name === 'execSync' ? 'sh' : kind(file, Array.isArray(args) ? args : []), 'sync', performance.now() - at);
      }
    };
  }
  syncBuiltinESMExports();
}
