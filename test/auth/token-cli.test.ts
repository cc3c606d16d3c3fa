import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { cms as builtProgram } from '../git-workflow/helpers.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { bearer, writeConfig } from './helpers.js';

/** `cms token …` through the built binary (built first by the shared, locked `ensureBuilt` when stale). */
/** The environment without any CMS_* variable, so the CLI and the app agree through `.cms/state.json`. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(CMS_|JWT_SECRET|API_TOKEN_SALT)/.test(key)));

interface Run { code: number; stdout: string; stderr: string }
function cms(root: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile('node', [BIN, ...args, '--root', root], { env: { ...cleanEnv, ...env }, cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The same built program (`dist/cli/program.js`, what the binary runs) in this process, for the refusals: what they prove is the
 * exit code and the message, which the binary's entry only passes on; a Node start each (1-2 s of CPU) proves nothing more. The
 * tests above and below that need two processes (a token the running app sees, the salt from the environment) use the binary.
 */
const refused = (root: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Run> =>
  builtProgram([...args, '--root', root], { cwd: root, env: { ...cleanEnv, ...env } });

let root: string;
let app: TestServer;
beforeAll(async () => {
  ensureBuilt();
  root = copySampleSite();
  writeConfig(root, (config) => { config.permissions.public = {}; });
  // The app is already running when the CLI writes: it must see new and revoked tokens at once.
  app = await startApp(root, { env: { CMS_JWT_SECRET: 'cli-test-jwt-secret-0123456789abcdef' }, report: () => {} });
  // The built program is imported once, here, not inside the first refusal's time limit.
  expect((await builtProgram(['--version'], { cwd: root })).code).toBe(0);
}, 120_000);

describe('cms token create', () => {
  it('prints the key alone on stdout (plain), and the app accepts it at once', async () => {
    const run = await cms(root, ['token', 'create', '--name', 'reader', '--type', 'read-only']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[0-9a-f]{256}\n$/);
    expect(run.stderr).toContain('created read-only API token "reader" in .cms/state.json');
    expect(run.stderr).not.toContain(run.stdout.trim());
    const key = run.stdout.trim();
    expect((await app.getJson('/api/tags', { headers: bearer(key) })).status).toBe(200);
    expect((await app.getJson('/api/tags')).status).toBe(403);
    expect((await app.sendJson('POST', '/api/tags', { data: { name: 'Nope' } }, bearer(key))).status).toBe(403);
  });

  it('prints the token with its key as JSON with --json', async () => {
    const run = await cms(root, ['token', 'create', '--name', 'monthly', '--type', 'full-access', '--lifespan', '30', '--json']);
    expect(run.code).toBe(0);
    const token = JSON.parse(run.stdout);
    expect(token).toMatchObject({ name: 'monthly', type: 'full-access', permissions: [], lifespan: 30 * 86_400_000, lastUsedAt: null });
    expect(token.accessKey).toMatch(/^[0-9a-f]{256}$/);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(30 * 86_400_000);
  });

  it('creates a custom token limited to its permissions', async () => {
    const run = await cms(root, ['token', 'create', '--name', 'tagger', '--type', 'custom', '--permissions',
      'api::tag.tag.create, api::tag.tag.findOne']);
    expect(run.code).toBe(0);
    const key = run.stdout.trim();
    const created = await app.sendJson('POST', '/api/tags', { data: { name: 'From CLI token' } }, bearer(key));
    expect(created.status).toBe(201);
    expect((await app.getJson(`/api/tags/${created.body.data.documentId}`, { headers: bearer(key) })).status).toBe(200);
    expect((await app.getJson('/api/tags', { headers: bearer(key) })).status).toBe(403);
  });

  it.each([
    ['a taken name', ['--name', 'reader', '--type', 'read-only'], 'cms: 400 ApplicationError: Name already taken'],
    ['an unknown type', ['--name', 'x1', '--type', 'admin'], 'type must be one of read-only, full-access, custom'],
    ['a lifespan Strapi does not offer', ['--name', 'x2', '--type', 'read-only', '--lifespan', '10'],
      'lifespan must be 7, 30, 90 days or unlimited'],
    ['a custom token without permissions', ['--name', 'x3', '--type', 'custom'], 'a custom token needs at least one permission'],
    ['an unknown permission', ['--name', 'x4', '--type', 'custom', '--permissions', 'api::nope.nope.find'],
      'Unknown permissions: api::nope.nope.find'],
    ['permissions on a read-only token', ['--name', 'x5', '--type', 'read-only', '--permissions', 'api::tag.tag.find'],
      'permissions can only be given to a custom token'],
  ])('fails with exit code 1 for %s', async (_label, args, message) => {
    const run = await refused(root, ['token', 'create', ...args]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });

  it.each([
    ['a missing --name', ['--type', 'read-only']],
    ['a non-numeric lifespan', ['--name', 'x6', '--type', 'read-only', '--lifespan', 'soon']],
  ])('fails with exit code 2 (usage) for %s', async (_label, args) => {
    const run = await refused(root, ['token', 'create', ...args]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });
});

describe('cms token list and revoke', () => {
  it('lists tokens without their keys', async () => {
    // Two reads of the same state: side by side.
    const [plain, listed] = await Promise.all([cms(root, ['token', 'list']), cms(root, ['token', 'list', '--json'])]);
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n').filter(Boolean).map((line) => line.split('  ').slice(0, 2))).toEqual([['reader', 'read-only'],
      ['monthly', 'full-access'], ['tagger', 'custom']]);
    expect(plain.stdout).not.toMatch(/[0-9a-f]{64}/);
    const json = JSON.parse(listed.stdout);
    expect(json.map((token: { name: string }) => token.name)).toEqual(['reader', 'monthly', 'tagger']);
    for (const token of json) expect(token).not.toHaveProperty('accessKey');
  });

  it('revokes a token: the running app refuses its key at once', async () => {
    const key = (await cms(root, ['token', 'create', '--name', 'short-lived', '--type', 'read-only'])).stdout.trim();
    expect((await app.getJson('/api/tags', { headers: bearer(key) })).status).toBe(200);
    const run = await cms(root, ['token', 'revoke', 'short-lived']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('revoked API token "short-lived"');
    const refused = await app.getJson('/api/tags', { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('Missing or invalid credentials');
  });

  it('fails with exit code 1 for an unknown name', async () => {
    const run = await refused(root, ['token', 'revoke', 'nobody']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No API token named "nobody"');
  });
});

describe('the salt from the environment', () => {
  it('lets a token created with CMS_API_TOKEN_SALT work where the server has the same salt', async () => {
    const salted = copySampleSite();
    writeConfig(salted, (config) => { config.permissions.public = {}; });
    const env = { CMS_API_TOKEN_SALT: 'shared-salt-0123456789abcdef0123456789' };
    const key = (await cms(salted, ['token', 'create', '--name', 'salted', '--type', 'read-only'], env)).stdout.trim();
    const server = await startApp(salted, { env: { ...env, CMS_JWT_SECRET: 'x'.repeat(40) }, report: () => {} });
    expect((await server.getJson('/api/tags', { headers: bearer(key) })).status).toBe(200);
    const other = await startApp(salted, { env: { CMS_API_TOKEN_SALT: 'a-different-salt-0123456789abcdef' }, report: () => {} });
    expect((await other.getJson('/api/tags', { headers: bearer(key) })).status).toBe(401);
  });
});

describe('a replica\'s folder (issue 35, item 7: a token written to a local file no replica reads, announced as created)', () => {
  it.each([
    ['git.peers in its config', (config: any) => { config.git = { push: 'origin', peers: ['http://10.0.0.2:1337'] }; }, {}],
    ['CMS_GIT_PEERS in the environment', (config: any) => { config.git = { push: 'origin' }; }, { CMS_GIT_PEERS: 'http://10.0.0.2:1337' }],
  ])('refuses token commands in one line naming CMS_STATE_URL when the replica (%s) has no state store', async (_label, change, env) => {
    const replica = copySampleSite();
    writeConfig(replica, change);
    for (const args of [['token', 'create', '--name', 'ci', '--type', 'read-only'], ['token', 'list'], ['token', 'revoke', 'ci']]) {
      // Refusals, so the built program in this process (as `refused` above): six Node starts proved nothing more.
      const run = await refused(replica, args, env);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^CMS_STATE_URL: is not set, and this project is one of several replicas .* set CMS_STATE_URL/),
      ]);
    }
    expect(existsSync(join(replica, '.cms/state.json'))).toBe(false);
  });

  it('a single server that pushes (no peers) keeps its tokens in .cms/state.json', async () => {
    const single = copySampleSite();
    writeConfig(single, (config) => { config.git = { push: 'origin' }; });
    const run = await cms(single, ['token', 'create', '--name', 'ci', '--type', 'read-only']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('in .cms/state.json');
  });
});
