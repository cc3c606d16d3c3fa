import { resolve } from 'node:path';
import type { Command } from 'commander';
import { mergeContentFile } from '../../core/git/merge-content.js';
import { setupMergeDriver } from '../../core/git/merge-setup.js';
import type { CliContext } from '../context.js';

/**
 * `cms git-setup`: route merges of content files through `cms merge-driver` (once per clone and
 * CI runner: git never takes drivers from the repository); `cms merge-driver`: what git runs.
 */
export function registerGit(program: Command, ctx: CliContext, setExit: (code: number) => void): void {
  program
    .command('git-setup')
    .description('make git merge content files with the CMS driver (timestamps agreed), once per clone')
    .option('--root <dir>', 'project root (a git work tree)')
    .option('--command <command>', 'how git should run the driver', 'npx cms merge-driver')
    .action(async (options: { root?: string; command: string }) => {
      const root = resolve(ctx.cwd, options.root ?? ctx.env.CMS_ROOT ?? '.');
      await setupMergeDriver(root, options.command);
      ctx.stderr.write(`merge driver set up: .gitattributes has "content/** merge=cms" (commit it); git config merge.cms.driver = "${options.command} %O %A %B %L %P"\n`);
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
      const conflicts = await mergeContentFile({ base, ours, theirs, path: path || ours, markerSize: Number(markerSize) || 7 });
      setExit(conflicts ? 1 : 0);
    });
}
