#!/usr/bin/env node
import { runCli } from './program.js';

// A reader that stops early (`cms get articles --all | head`) closes the pipe: that is the end of
// the output, not an error, as for any Unix tool.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// The only process.exit calls in the project: everything else returns an exit code.
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env }).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`cms: ${(error as Error)?.message ?? String(error)}\n`);
    process.exit(1);
  },
);
