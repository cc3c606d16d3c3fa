import type { Cms } from '../core/cms.js';

/** `--branch <name>` of the content commands: read and write that branch's view (core/branches/branch-site.ts). */
export const BRANCH_OPTION = [
  '--branch <name>', 'work on this branch: reads see the site with its changes, writes are commits on it (the served files stay)',
] as const;

/**
 * The site a command works on: the loaded project, or its branch's view with `--branch` (an unknown branch is a 404
 * NotFoundError, a name git refuses a 400: one line, a non-zero exit).
 *
 * @example
 * const cms = await onBranchOf(await ctx.loadCms(options.root), options.branch);
 */
export async function onBranchOf(cms: Cms, branch: string | undefined): Promise<Cms> {
  return branch === undefined ? cms : cms.branch(branch);
}
