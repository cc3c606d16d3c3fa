import type { Command } from 'commander';
import { commitAuthor } from '../../core/git/commit-author.js';
import { createGit } from '../../core/git/git.js';
import { moveMedia } from '../../core/media/move-media.js';
import { runningServes } from '../../core/storage/serving-marker.js';
import type { CliContext } from '../context.js';

/**
 * `cms media move --to aws-s3|local`: the media library's binaries into the configured bucket (out of Git) or back,
 * entries rewritten, in one commit.
 */
export function registerMedia(program: Command, ctx: CliContext): void {
  const media = program.command('media').description('move the media library\'s binaries between upload providers');
  media.command('move').description('copy every binary to --to, rewrite the entries\' url/formats/provider, one commit')
    .requiredOption('--to <provider>', 'aws-s3 (into upload.providerOptions\' bucket, out of public/uploads) or local (back)')
    .option('--root <dir>', 'project root')
    .option('--no-git-commit', 'leave the changes uncommitted')
    .action(async (options: { to: string; root?: string; gitCommit: boolean }) => {
      const cms = await ctx.loadCms(options.root);
      // A running server answers (and takes uploads) from the entries this rewrites: it must be stopped first.
      const [server] = await runningServes(cms.root);
      if (server) {
        throw new Error(`cms serve (pid ${server.pid}, ${server.url}) is serving ${cms.root}: stop it, then run cms media move again`);
      }
      const identity = options.gitCommit ? await createGit(cms.root).identity().catch(() => undefined) : undefined;
      const result = await moveMedia({
        root: cms.root, index: cms.index, config: cms.config.upload, to: options.to,
        commit: options.gitCommit && commitAuthor(identity?.name ?? 'cms', identity?.email),
        progress: (line) => ctx.stderr.write(`${line}\n`),
      });
      const committed = result.commit ? `; commit ${result.commit}` : '';
      ctx.stderr.write(`moved ${result.entries} media file(s), ${result.binaries} binaries, to ${options.to}${committed}\n`);
    });
}
