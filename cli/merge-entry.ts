#!/usr/bin/env node
import { mergeContentFile } from '../core/git/merge-content.js';

/**
 * What git runs to merge a content file (`cms git-setup` points `merge.cms.driver` at
 * `dist/cli/merge-driver.js %O %A %B %L %P`, this entry and the modules it imports joined into one
 * file by cli/bundle.mjs). Its own small entry, not the whole CLI, because git starts
 * it once per file both branches changed, and every millisecond of start-up counts there.
 * Exit 0: merged clean; 1: conflicts left with markers; 2: it could not merge.
 */
const [base, ours, theirs, markerSize, path] = process.argv.slice(2);
mergeContentFile({ base, ours, theirs, path: path || ours, markerSize: Number(markerSize) || 7, cwd: process.cwd() }).then(
  (conflicts) => { process.exitCode = conflicts ? 1 : 0; },
  (error: unknown) => {
    process.stderr.write(`cms merge-driver: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
