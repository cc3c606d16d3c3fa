import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createAuth, type Auth } from '../../core/auth/auth.js';
import { openStateStore } from '../../core/auth/open-state-store.js';
import type { ApiTokenInfo } from '../../core/auth/api-tokens.js';
import type { TokenType } from '../../core/auth/state-store.js';
import { loadConfig } from '../../core/config/load.js';
import { loadModels } from '../../core/schema/registry.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../output.js';

interface CreateOptions { root?: string; name: string; type: string; permissions?: string; lifespan?: string; description?: string }

/** Run with the project's auth services, without indexing content (tokens need only the config and schemas); the store is closed after. */
async function withAuth<T>(ctx: CliContext, root: string | undefined, use: (auth: Auth) => Promise<T> | T): Promise<T> {
  const dir = resolve(ctx.cwd, root ?? ctx.env.CMS_ROOT ?? '.');
  const config = await loadConfig(dir);
  const report = (message: string) => ctx.stderr.write(`${message}\n`);
  // In a replica's folder the store is the replicas' PostgreSQL (env, config or the cluster's .cms/state.url), or the command refuses.
  const store = await openStateStore({ root: dir, config, env: ctx.env, report, refuseLocalForReplicas: true });
  try {
    return await use(createAuth({ root: dir, config, models: loadModels(dir), env: ctx.env, report, store }));
  } finally {
    await store.close();
  }
}

function parseLifespan(raw: string | undefined): number | null {
  if (raw === undefined || raw === 'unlimited') return null;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--lifespan takes 7, 30, 90 or unlimited, not "${raw}"`);
  return Number(raw);
}

const describe = (token: ApiTokenInfo): string => [
  token.name,
  token.type,
  token.expiresAt ? `expires ${token.expiresAt}` : 'never expires',
  token.lastUsedAt ? `last used ${token.lastUsedAt}` : 'never used',
  ...(token.type === 'custom' ? [token.permissions.join(',')] : []),
].join('  ');

/**
 * `cms token create|list|revoke`: API tokens in the state store (`.cms/state.json`, or the shared PostgreSQL). A key is printed once, at
 * creation (plain: the key alone on stdout; `--json`: the token with `accessKey`); lists never show keys.
 */
export function registerToken(program: Command, ctx: CliContext): void {
  const token = program.command('token').description('create, list and revoke API tokens (Authorization: Bearer <key>) '
    + 'in the state store: CMS_STATE_URL, config state.url or a cms cluster replica\'s .cms/state.url (PostgreSQL), else '
    + '.cms/state.json; a replica (git.push with peers) without one refuses');

  token.command('create')
    .description('create an API token and print its key (shown only once)')
    .option('--root <dir>', 'project root')
    .requiredOption('--name <name>', 'unique token name')
    .requiredOption('--type <type>', 'read-only, full-access or custom')
    .option(
      '--permissions <scopes>',
      'custom tokens: comma-separated actions, e.g. api::article.article.find,plugin::upload.content-api.upload',
    )
    .option('--lifespan <days>', '7, 30 or 90 days (default: unlimited)')
    .option('--description <text>', 'what the token is for')
    .action(async (options: CreateOptions) => {
      const permissions = options.permissions?.split(',').map((scope) => scope.trim()).filter(Boolean);
      const lifespanDays = parseLifespan(options.lifespan);
      const { created, location } = await withAuth(ctx, options.root, async (auth) => ({
        created: await auth.tokens.create({
          name: options.name, type: options.type as TokenType, description: options.description, permissions, lifespanDays,
        }),
        location: auth.store.location,
      }));
      if (ctx.json) { ctx.printJson(created); return; }
      ctx.stdout.write(`${created.accessKey}\n`);
      const expires = created.expiresAt ? `, expires ${created.expiresAt}` : '';
      ctx.stderr.write(`created ${created.type} API token "${created.name}" in ${location}${expires}; the key above is not shown again\n`);
    });

  token.command('list')
    .description('list API tokens (never their keys)')
    .option('--root <dir>', 'project root')
    .action(async (options: { root?: string }) => {
      const tokens = await withAuth(ctx, options.root, (auth) => auth.tokens.list());
      if (ctx.json) { ctx.printJson(tokens); return; }
      if (!tokens.length) ctx.stderr.write('no API tokens (create one with: cms token create --name <name> --type read-only)\n');
      for (const entry of tokens) ctx.stdout.write(`${describe(entry)}\n`);
    });

  token.command('revoke')
    .description('revoke an API token: its key stops working at once')
    .argument('<name>', 'token name')
    .option('--root <dir>', 'project root')
    .action(async (name: string, options: { root?: string }) => {
      const revoked = await withAuth(ctx, options.root, (auth) => auth.tokens.revoke(name));
      if (ctx.json) { ctx.printJson(revoked); return; }
      ctx.stderr.write(`revoked API token "${revoked.name}"\n`);
    });
}
