import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { OWN_PACKAGE } from '../../core/package-root.js';
import { dependencySpec } from '../../core/project/dependency-spec.js';
import { initProject } from '../../core/project/init-project.js';
import type { CliContext } from '../context.js';

/** `cms init [dir]`: a ready project to serve, edit and commit. */
export function registerInit(program: Command, ctx: CliContext): void {
  program
    .command('init')
    .description('start a project: package.json, cms.config.json, an example type and document, git and CI files')
    .argument('[dir]', 'folder to create (default: the current one)', '.')
    .option('--from-strapi <dir>', 'take the schemas of a Strapi project (src/api/*/content-types, src/components) as they are')
    .option('--force', 'write into a folder that is not empty')
    .option('--dependency <spec>', 'how package.json names this package (default: ^<version> when installed, '
      + 'or <remote URL>#<commit> from a git checkout whose commit is pushed)')
    .action(async (dir: string, options: { fromStrapi?: string; force?: boolean; dependency?: string }) => {
      // Named before anything is written: a project whose package.json cannot be installed is not started.
      const own = { root: OWN_PACKAGE.root, name: OWN_PACKAGE.manifest.name, version: OWN_PACKAGE.manifest.version };
      const spec = options.dependency ?? await dependencySpec(own);
      const result = await initProject({
        dir: resolve(ctx.cwd, dir),
        force: options.force,
        fromStrapi: options.fromStrapi && resolve(ctx.cwd, options.fromStrapi),
        dependency: { name: own.name, spec },
        env: ctx.env,
      });
      if (ctx.json) { ctx.printJson(result); return; }
      for (const file of result.files) ctx.stderr.write(`  ${file}\n`);
      if (result.imported.length) {
        ctx.stderr.write(`Took ${result.imported.length} content type(s) from the Strapi project; `
          + 'they are private until cms.config.json grants them to the Public role.\n');
      }
      if (options.fromStrapi && result.files.some((file) => file.startsWith('src'))) {
        // Loaded (never started) to name what cannot run here, as `cms validate` does.
        const { loadProjectCode } = await import('../../core/extensions/project-code.js');
        const code = loadProjectCode(await ctx.loadCms(result.root, { reportProblems: false }));
        ctx.stderr.write(`Took ${code.files.length} back-end file(s) from the Strapi project's src/`
          + `${code.problems.length ? `; ${code.problems.length} problem(s) to fix before \`cms serve\` starts:` : ''}\n`);
        for (const line of [...code.problems.map((problem) => problem.format()), ...code.warnings]) ctx.stderr.write(`  ${line}\n`);
      }
      if (result.graphql?.carried) {
        ctx.stderr.write(`Took the GraphQL plugin's settings into cms.config.json "graphql": ${JSON.stringify(result.graphql.carried)}\n`);
      }
      for (const note of result.graphql?.notes ?? []) ctx.stderr.write(`  ${note}\n`);
      if (result.upload?.provider && result.upload.provider !== 'local') {
        ctx.stderr.write(`Took the upload plugin's provider "${String(result.upload.provider)}" into cms.config.json "upload"`
          + ' (its env() values stay in the environment;'
          + ' npm install @aws-sdk/client-s3 @aws-sdk/lib-storage @aws-sdk/s3-request-presigner)\n');
      }
      if (result.mcp?.carried) {
        ctx.stderr.write(`Took the server's MCP settings into cms.config.json "mcp": ${JSON.stringify(result.mcp.carried)}\n`);
      }
      for (const note of result.mcp?.notes ?? []) ctx.stderr.write(`  ${note}\n`);
      if (result.editorSetupSkipped) ctx.stderr.write(`Editor settings skipped: ${result.editorSetupSkipped}\n`);
      const near = relative(ctx.cwd, result.root);
      const where = near.startsWith('..') ? result.root : near || '.';
      ctx.stderr.write(`Project ready in ${where}. Next:\n${where === '.' ? '' : `  cd ${where}\n`}`
        + '  npm install && npm start     # the API on http://localhost:1337/api\n'
        + '  git init && npx --no-install cms git-setup && git add -A && git commit -m "Start"\n');
    });
}
