#!/usr/bin/env node
import { VERSION } from './version.js';

// A reader that stops early (`cms get articles --all | head`) closes the pipe: that is the end of
// the output, not an error, as for any Unix tool.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const argv = process.argv.slice(2);
const io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
// `cms --version` alone answers what commander would print, before commander and the command table are imported (issue 39).
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  // The only process.exit calls in the project: everything else returns an exit code.
  import('./program.js').then(({ runCli }) => runCli(argv, io)).then(
    (code) => {
      if (code !== 0) process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`cms: ${(error as Error)?.message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
