// A `git` first on PATH that notes each run (its arguments) in a log and then execs the real git: how the benchmarks and
// bench/test-git-calls.mjs count the git processes something starts. Each run adds a shell to the CPU.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Write the shim into `bin` (made when missing) logging to `log` (emptied); returns the PATH that puts it first. */
export function gitShim(bin, log, realGit = '/usr/bin/git') {
  mkdirSync(bin, { recursive: true });
  writeFileSync(log, '');
  // One record per run, from one printf (one write: runs at the same time do not interleave): $CMS_TEST_FILE (the running test
  // file, test/helpers/after-file.ts) and the arguments, each ended by \x1f, then \x1e\x1f (a commit message may hold newlines).
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nprintf '%s\\037' "$CMS_TEST_FILE" "$@" '\x1e' >> '${log}'\nexec ${realGit} "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return `${bin}:${process.env.PATH}`;
}

/** The runs logged so far: each its test file ('' outside a test run) and argument list. */
export const gitRuns = (log) => readFileSync(log, 'utf8').split('\x1e\x1f').filter(Boolean).map((run) => {
  const [file, ...argv] = run.split('\x1f');
  return { file, argv: argv.slice(0, -1) };
});

/** `-c core.quotePath=false -C dir rev-parse --verify -q HEAD` → `rev-parse`: git's command, without its options. */
export function gitCommand(argv) {
  for (let at = 0; at < argv.length; at += 1) {
    if (argv[at] === '-c' || argv[at] === '-C') at += 1;
    else if (!argv[at].startsWith('-')) return argv[at];
  }
  return '(none)';
}
