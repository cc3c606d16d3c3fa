import type { Command } from 'commander';
import { publicCaller } from '../../core/access/permissions.js';
import type { Action } from '../../core/config/types.js';
import { removeStaleTempFiles } from '../../core/storage/stale-temp-files.js';
import { watchProject } from '../../core/watch/watch.js';
import { SERVER_FILE } from '../../core/extensions/native-server.js';
import { startProjectCode } from '../../core/extensions/start.js';
import type { CliContext } from '../context.js';
import { startBanner } from './serve-banner.js';
import { UsageError } from '../output.js';

const ACTIONS: Action[] = ['find', 'findOne', 'create', 'update', 'delete'];

/** `cms serve`: the REST API over HTTP (listhen), until interrupted. */
export function registerServe(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('serve the Strapi v5 REST API for the project')
    .option('--root <dir>', 'project root')
    .option('-p, --port <port>', 'port (env PORT, config server.port, default 1337)')
    .option('--host <host>', 'host to bind (env HOST, config server.host, default localhost)')
    .option('--no-watch', 'do not reindex when files change')
    .option('--git-commit', 'commit every write to git (config git.commitPerWrite)')
    .option('--no-admin', 'do not serve the editing studio (config admin.enabled)')
    .option('--watch-types', 'write cms-types.d.ts and .cms/json-schema now and again after every schema change')
    .action(async (options: {
      root?: string; port?: string; host?: string; watch: boolean; admin: boolean; gitCommit?: boolean; watchTypes?: boolean;
    }) => {
      const started = performance.now();
      // The checkpoints' shell, forked while this process is small (not from the loaded site, at the first checkpoint).
      (await import('../../core/storage/sync-file-system.js')).startSyncFileSystem();
      // A replica restarted while PostgreSQL is down still serves content (user and token changes answer 503).
      const cms = await ctx.loadCms(options.root, { gitCommit: options.gitCommit, startWithoutStateStore: true });
      const stale = await removeStaleTempFiles(cms.root);
      if (stale.length) ctx.stderr.write(`removed ${stale.length} temp file(s) an interrupted write left: ${stale.join(', ')}\n`);
      const rawPort = options.port ?? ctx.env.PORT;
      const port = rawPort === undefined ? cms.config.server.port : Number(rawPort);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port "${rawPort}"`);
      const anonymous = publicCaller(cms.config);
      const publicTypes = cms.contentTypes()
        .map((model) => ({ model, actions: ACTIONS.filter((action) => anonymous.can(model, action)) }))
        .filter((entry) => entry.actions.length);
      const shownTypes = publicTypes.map((entry) => `${entry.model.pluralName} (${entry.actions.join(', ')})`).join('; ');
      ctx.stderr.write(`Public role: ${publicTypes.length ? shownTypes : 'nothing (every route answers 403)'}\n`);
      // Loaded on demand: the HTTP stack (h3, listhen, sharp) is most of the CLI's start-up time.
      const { serve } = await import('../../core/http/serve.js');
      // The project's own back-end code (src/: lifecycles, routes, controllers…), started before the first request.
      const code = await startProjectCode(cms);
      const extensions = code
        ? [
          ...(await import('../../core/http/extensions.js')).EXTENSIONS,
          (await import('../../core/http/project-routes.js')).projectRoutes(code),
        ]
        : undefined;
      const native = code?.files.includes(SERVER_FILE) ? `${SERVER_FILE} and ` : '';
      const fromSrc = (code?.files.length ?? 0) - (native ? 1 : 0);
      if (code) ctx.stderr.write(`Project code: ${native}${fromSrc} file(s) from src/, ${code.routes.length} route(s)\n`);
      const listener = await serve(cms, {
        port, host: options.host ?? ctx.env.HOST, showURL: !ctx.env.VITEST, admin: options.admin && cms.config.admin.enabled, extensions,
      });
      // Watching before announcing: a change made once "Serving" is printed is always seen.
      // The codegen (JSON Schemas, declarations) is imported only when asked for.
      const codegen = options.watchTypes ? await import('../../core/codegen/regenerate.js') : undefined;
      const regenerate = codegen
        ? async () => { for (const file of await codegen.regenerateOutputs(cms.root, cms.models)) ctx.stderr.write(`generated ${file}\n`); }
        : undefined;
      await regenerate?.();
      const watcher = options.watch
        ? watchProject(cms, { report: (message) => ctx.stderr.write(`${message}\n`), onReload: regenerate })
        : undefined;
      // git.pull: fast-forward from the remote on an interval (the pull route does it on a push webhook).
      const pulling = cms.config.git.pull && cms.replica
        ? setInterval(() => {
          cms.replica!.pull().catch((error: Error) => ctx.stderr.write(`git pull failed: ${error.message.split('\n')[0]}\n`));
        }, cms.config.git.pull * 1000)
        : undefined;
      // git.poll: ask the remote for its tip (no fetch) and pull only when it moved; a peer's notice is faster still.
      const polling = cms.config.git.poll && cms.replica
        ? setInterval(() => { void cms.replica!.poll(); }, cms.config.git.poll * 1000)
        : undefined;
      void cms.replica?.poll();
      const address = listener.url.replace(/\/$/, '');
      ctx.stderr.write(`Serving ${cms.root} at ${address}${cms.config.api.rest.prefix}${watcher ? ' (watching files)' : ''}\n`);
      if (options.admin && cms.config.admin.enabled) ctx.stderr.write(`Studio at ${address}${cms.config.admin.path}/\n`);
      ctx.stderr.write(startBanner(cms, address, performance.now() - started));
      await new Promise<void>((resolveStop) => {
        const stop = () => {
          clearInterval(pulling);
          clearInterval(polling);
          watcher?.close();
          void listener.close().then(() => resolveStop());
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

