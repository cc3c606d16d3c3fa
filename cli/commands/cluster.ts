import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { startCluster } from '../../core/cluster/cluster.js';
import { OWN_PACKAGE } from '../../core/package-root.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../output.js';
import { ownMergeDriverCommand } from './git.js';

const integer = (raw: string, flag: string): number => {
  if (!/^\d+$/.test(raw)) throw new UsageError(`${flag} takes a whole number, not "${raw}"`);
  return Number(raw);
};

/**
 * `cms cluster`: a local cluster of the project for trying and testing replicas; prints one JSON
 * line when ready and stops everything it started on SIGINT or SIGTERM.
 */
export function registerCluster(program: Command, ctx: CliContext): void {
  program
    .command('cluster')
    .description('start a local cluster: a bare origin, N replicas (cms serve with git.push, told by their peers), '
      + 'PostgreSQL for users and tokens, nginx')
    .requiredOption('--dir <dir>', 'a new folder for the origin, the clones, the state store and nginx')
    .option('--replicas <n>', 'number of replicas', '3')
    .option('--port <port>', 'the balancer\'s port (0: any free one)', '8080')
    .option('--root <dir>', 'the project (its committed HEAD is what the origin starts from)')
    .action(async (options: { dir: string; replicas: string; port: string; root?: string }) => {
      const port = integer(options.port, '--port');
      if (port > 65535) throw new UsageError(`invalid port "${options.port}"`);
      const cluster = await startCluster({
        project: resolve(ctx.cwd, options.root ?? ctx.env.CMS_ROOT ?? '.'),
        dir: resolve(ctx.cwd, options.dir),
        replicas: integer(options.replicas, '--replicas'),
        port,
        // This package's bin from its root: the CLI runs from a bundle chunk, whose own URL is in dist/cli/chunks/.
        command: [process.execPath, join(OWN_PACKAGE.root, 'dist', 'cli', 'bin.js')],
        mergeDriver: ownMergeDriverCommand(),
        env: ctx.env,
        report: (message) => ctx.stderr.write(`${message}\n`),
      });
      const { stop, ...info } = cluster;
      ctx.stdout.write(`${JSON.stringify(info)}\n`);
      await new Promise<void>((resolveStop) => {
        const onSignal = () => { process.off('SIGINT', onSignal); process.off('SIGTERM', onSignal); resolveStop(); };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
      });
      await stop();
      ctx.stderr.write('cluster stopped\n');
    });
}
