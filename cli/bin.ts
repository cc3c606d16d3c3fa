#!/usr/bin/env node
import { runCli } from './program.js';

// The only process.exit in the project: everything else returns an exit code.
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env }).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`cms: ${(error as Error)?.message ?? String(error)}\n`);
    process.exit(1);
  },
);
