import { resolve } from 'node:path';
import type { Command } from 'commander';
import { mergeBranch } from '../../core/branches/branch-merge.js';
import { proposeBranch, pushBranchRef } from '../../core/branches/branch-propose.js';
import { createBranch, deleteBranch, listBranches } from '../../core/branches/branch-refs.js';
import { loadConfig } from '../../core/config/load.js';
import { commitAuthor } from '../../core/git/commit-author.js';
import { createGit } from '../../core/git/git.js';
import type { CliContext } from '../context.js';

interface RootOption { root?: string }

/**
 * `cms branch create|list|propose|merge|delete`: change requests are branches beside the base, made, proposed, merged and deleted
 * without switching the checkout the site is served from (core/branches/).
 */
export function registerBranch(program: Command, ctx: CliContext): void {
  const project = async (options: RootOption) => {
    const root = resolve(ctx.cwd, options.root ?? ctx.env.CMS_ROOT ?? '.');
    return { root, config: await loadConfig(root) };
  };
  const say = (line: string) => ctx.stderr.write(`${line}\n`);
  const branch = program.command('branch').description('change requests: branches beside the base branch, never checked out');

  branch.command('create').description('make a branch (from the base branch\'s tip, or --from a branch, tag or commit)')
    .argument('<name>', 'the branch').option('--from <ref>', 'where it starts (default: the base branch)')
    .option('--root <dir>', 'project root')
    .action(async (name: string, options: RootOption & { from?: string }) => {
      const { root, config } = await project(options);
      const made = await createBranch(root, name, options.from, config);
      ctx.stdout.write(`${made.name} ${made.head}\n`);
      say(`created branch ${made.name} at ${made.head.slice(0, 7)} (from ${options.from ?? made.base})`);
    });

  branch.command('list').description('the branches beside the base: tip, commits ahead of and behind the base, pushed or not')
    .option('--root <dir>', 'project root')
    .action(async (options: RootOption) => {
      const { root, config } = await project(options);
      const { base, branches } = await listBranches(root, config);
      if (ctx.json) { ctx.printJson({ base, branches }); return; }
      for (const item of branches) {
        ctx.stdout.write(`${item.name}\t${item.tip.slice(0, 7)}\t${item.ahead} ahead, ${item.behind} behind ${base.name}`
          + `${item.pushed ? '\tpushed' : ''}\n`);
      }
      if (!branches.length) say(`no branches beside ${base.name}`);
    });

  branch.command('propose').description('push the branch alone and print the host\'s page to open a pull request from it')
    .argument('<name>', 'the branch').option('--remote <remote>', 'the remote (default: git.push, else origin, else the only one)')
    .option('--root <dir>', 'project root')
    .action(async (name: string, options: RootOption & { remote?: string }) => {
      const { root, config } = await project(options);
      const proposed = await proposeBranch(root, name, { config, remote: options.remote });
      say(`pushed ${proposed.name} to ${proposed.remote}`);
      const none = `(no pull-request page known for ${proposed.remote}: open one from ${name} into ${proposed.base})`;
      ctx.stdout.write(`${proposed.pullRequestUrl ?? none}\n`);
    });

  branch.command('merge').description('merge the branch into the base with the content merge driver; a conflict changes nothing')
    .argument('<name>', 'the branch').option('--root <dir>', 'project root')
    .action(async (name: string, options: RootOption) => {
      const { root, config } = await project(options);
      const identity = await createGit(root).identity();
      // With git.push the origin must hold the merge before it counts: pushed at once, or undone.
      const publish = config.git.push ? ({ base }: { base: string }) => pushBranchRef(root, config.git.push as string, base) : undefined;
      const merged = await mergeBranch(root, name, commitAuthor(identity?.name, identity?.email), { config, publish });
      ctx.stdout.write(`${merged.commit}\n`);
      say(merged.changed.length
        ? `merged ${name} into ${merged.base}: ${merged.changed.length} file${merged.changed.length === 1 ? '' : 's'} changed`
        : `${name} has nothing ${merged.base} lacks: nothing merged`);
    });

  branch.command('delete').description('delete the branch (the base branch is never deleted)')
    .argument('<name>', 'the branch').option('--root <dir>', 'project root')
    .action(async (name: string, options: RootOption) => {
      const { root, config } = await project(options);
      const deleted = await deleteBranch(root, name, config);
      say(`deleted branch ${deleted.name} (was ${deleted.tip.slice(0, 7)})`);
    });
}
