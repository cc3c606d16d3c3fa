import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { mergeContentFile } from '../../core/git/merge-content.js';
import { attributesCommitted, setupMergeDriver } from '../../core/git/merge-setup.js';
import { OWN_PACKAGE } from '../../core/package-root.js';
import type { CliContext } from '../context.js';

/** A word for git's shell: single-quoted, so spaces and `$` in a path stay literal. */
const shellWord = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * This package's merge driver (`dist/cli/merge-driver.js`, one bundled file: the same merge as `cms merge-driver`
 * without the whole CLI to load, since git starts it once per file), run by this Node, by
 * absolute path: git's config is per clone, so the path is this clone's own, and `npx cms` could
 * fetch an unrelated package named `cms` where this one is not installed.
 */
export const ownMergeDriverCommand = (): string => {
  // From the package root, not this module's URL: the CLI runs from a bundle chunk in dist/cli/chunks/.
  const driver = join(OWN_PACKAGE.root, 'dist', 'cli', 'merge-driver.js');
  return `${shellWord(process.execPath)} ${shellWord(driver)}`;
};

/**
 * `cms git-setup`: route merges of content files through `cms merge-driver` (once per clone and
 * CI runner: git never takes drivers from the repository); `cms merge-driver`: what git runs.
 */
export function registerGit(program: Command, ctx: CliContext, setExit: (code: number) => void): void {
  program
    .command('git-setup')
    .description('make git merge content files with the CMS driver (field by field), once per clone')
    .option('--root <dir>', 'project root (a git work tree)')
    .option('--command <command>', 'how git should run the driver (default: this very binary, by absolute path)')
    .action(async (options: { root?: string; command?: string }) => {
      const root = resolve(ctx.cwd, options.root ?? ctx.env.CMS_ROOT ?? '.');
      const command = options.command ?? ownMergeDriverCommand();
      await setupMergeDriver(root, command);
      const driver = `git config merge.cms.driver = "${command} %O %A %B %L %P"`;
      ctx.stderr.write(`merge driver set up: .gitattributes has "content/** merge=cms" (commit it); ${driver}\n`);
      const { committed, where } = await attributesCommitted(root);
      if (!committed) {
        ctx.stderr.write(`warning: ${where} has no .gitattributes with "content/** merge=cms": commit and push it `
          + '(git add .gitattributes && git commit -m "Merge content files with the CMS driver" && git push); until then it is '
          + 'untracked here, and once someone else commits one, a replica on this clone stops catching up with the remote\n');
      }
    });

  program
    .command('merge-driver')
    .description('git merge driver for content files (run by git: cms merge-driver %O %A %B %L %P)')
    .argument('<base>', 'common ancestor (%O)')
    .argument('<ours>', 'our version, where the result goes (%A)')
    .argument('<theirs>', 'their version (%B)')
    .argument('[markerSize]', 'conflict marker length (%L)', '7')
    .argument('[path]', 'the file path in the repository (%P)', '')
    .action(async (base: string, ours: string, theirs: string, markerSize: string, path: string) => {
      const conflicts = await mergeContentFile({
        base, ours, theirs, path: path || ours, markerSize: Number(markerSize) || 7, cwd: ctx.cwd,
      });
      setExit(conflicts ? 1 : 0);
    });
}
