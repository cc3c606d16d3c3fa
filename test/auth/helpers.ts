import { execFile, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileStateStore } from '../../core/auth/file-state-store.js';
import { createCms, type Cms } from '../../core/cms.js';
import type { StoredUser } from '../../core/auth/state-store.js';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { startServe } from '../helpers/serve-process.js';

/** Secrets from the environment, so tests see no development-secret warning unless they want one. */
export const TEST_ENV = {
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN: 'env-token-for-ci-0123456789abcdef0123456789abcdef',
};

/** The Public role of the matrix site: reads on some types, nothing on `tags` and `about`. */
export const PUBLIC_GRANTS: Record<string, string[]> = {
  'api::article.article': ['find', 'findOne'],
  authors: ['find', 'findOne'],
  category: ['find'],
  'api::global.global': ['find'],
};

/** The Authenticated role: reads and some writes. */
export const AUTHENTICATED_GRANTS: Record<string, string[]> = {
  'api::article.article': ['find', 'findOne', 'create', 'update'],
  'api::tag.tag': ['find', 'findOne', 'create', 'update', 'delete'],
  'api::about.about': ['find', 'update'],
};

/** The custom token's scopes. */
export const CUSTOM_SCOPES = [
  'api::article.article.find',
  'api::author.author.findOne',
  'api::tag.tag.create',
  'api::tag.tag.delete',
  'api::global.global.update',
];

export const PASSWORD = 'correct horse battery staple';

export interface AuthSite extends TestServer {
  root: string;
  /** Every line the CMS reported (warnings, background problems). */
  logs: string[];
  keys: { readOnly: string; fullAccess: string; custom: string; expired: string };
  user: StoredUser;
  jwt: string;
}

/** Rewrite the sample copy's config: role grants and `auth` settings. */
export function writeConfig(root: string, change: (config: any) => void): void {
  const file = join(root, 'cms.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  change(config);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/**
 * A private copy of the sample site served by the real app, with the matrix grants, one API token
 * of each type (plus an expired one) and one registered user with a JWT.
 */
export async function authSite(options: {
  publicGrants?: Record<string, string[]>;
  auth?: Record<string, unknown>;
  authenticated?: Record<string, string[]>;
  env?: Record<string, string>;
} = {}): Promise<AuthSite> {
  const root = copySampleSite();
  writeConfig(root, (config) => {
    config.permissions = { public: options.publicGrants ?? PUBLIC_GRANTS, authenticated: options.authenticated ?? AUTHENTICATED_GRANTS };
    if (options.auth) config.auth = options.auth;
  });
  const logs: string[] = [];
  const server = await startApp(root, { env: options.env ?? TEST_ENV, report: (message) => logs.push(message) });
  const { tokens, users, store } = server.cms.auth;
  const keys = {
    readOnly: (await tokens.create({ name: 'reader', type: 'read-only' })).accessKey,
    fullAccess: (await tokens.create({ name: 'admin', type: 'full-access', lifespanDays: 90 })).accessKey,
    custom: (await tokens.create({ name: 'custom', type: 'custom', permissions: CUSTOM_SCOPES })).accessKey,
    expired: (await tokens.create({ name: 'old', type: 'full-access', lifespanDays: 7 })).accessKey,
  };
  const old = store.data.apiTokens.find((token) => token.name === 'old')!;
  await store.editToken(old.id, (token) => { token.expiresAt = new Date(Date.now() - 1000).toISOString(); });
  const user = await users.add({ username: 'ada', email: 'ada@example.com', password: PASSWORD });
  return { ...server, root, logs, keys, user, jwt: server.cms.auth.issueJwt(user) };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Strapi's error envelope. */
export const errorBody = (status: number, name: string, message: string, details: unknown = {}) => (
  { data: null, error: { status, name, message, details } });

/** One answer over a kept-alive connection: its status, body, and whether it went over the connection an earlier request opened. */
export interface ConnectionAnswer { status: number; reused: boolean; body: string }

/**
 * GETs (and JSON POSTs: `post`) over one keep-alive connection (`close()` ends it): each answer's status, and whether it
 * went over the connection an earlier request opened (what a server remembers per connection is then what answers).
 */
export function oneConnection(base: string): {
  get: (path: string, key: string) => Promise<{ status: number; reused: boolean }>;
  post: (path: string, key: string | undefined, body: unknown) => Promise<ConnectionAnswer>;
  close: () => void;
} {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) => new Promise<ConnectionAnswer>((resolve, reject) => {
    const sent = request(`${base}${path}`, { agent, method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, reused: sent.reusedSocket, body: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
  const get = async (path: string, key: string) => {
    const { status, reused } = await send('GET', path, bearer(key));
    return { status, reused };
  };
  const post = (path: string, key: string | undefined, body: unknown) =>
    send('POST', path, { ...(key === undefined ? {} : bearer(key)), 'content-type': 'application/json' }, JSON.stringify(body));
  return { get, post, close: () => agent.destroy() };
}

/** The environment without any CMS_* variable: the CLI, a served site and the test process share `.cms/state.json`. */
export const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(CMS_|JWT_SECRET|API_TOKEN_SALT)/.test(key)));

/** The real CLI on `root`, as another process: its exit code and output. */
export const cliOn = (root: string) => (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args, '--root', root], { env: cleanEnv, cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });

/** The real `cms serve` on `root` at a free port, once it says it is serving (`env` added to cleanEnv). */
export async function serveBuilt(root: string, env: Record<string, string>): Promise<{ base: string; server: ChildProcess }> {
  const { base, child } = await startServe(BIN, ['--root', root], { env: { ...cleanEnv, ...env } });
  return { base, server: child };
}

/**
 * The cached-credentials site (REST's and GraphQL's tests): the sample site copied, signed-in users reading tags and articles, no
 * rate limit, `more` of the config, served by the built `cms serve`; with the CLI on it, a token made by the CLI, and the state
 * changed as another writer would (this process, through the library: temp file + rename).
 */
export async function credentialSite(jwtSecret: string, more: (config: any) => void = () => undefined) {
  ensureBuilt();
  const root = copySampleSite();
  writeConfig(root, (config) => {
    config.permissions = { public: {}, authenticated: { 'api::tag.tag': ['find'], 'api::article.article': ['find'] } };
    config.auth = { rateLimit: { enabled: false } };
    more(config);
  });
  const { base, server } = await serveBuilt(root, { CMS_JWT_SECRET: jwtSecret });
  const cms = cliOn(root);
  const createToken = async (name: string, ...options: string[]): Promise<string> => {
    const run = await cms(['token', 'create', '--name', name, ...options]);
    if (run.code !== 0) throw new Error(`cms token create ${name}: ${run.stderr}`);
    return run.stdout.trim();
  };
  const edit = async (change: (store: FileStateStore) => Promise<unknown>): Promise<void> => {
    const store = new FileStateStore(root);
    try {
      await change(store);
    } finally {
      await store.close();
    }
  };
  const editUser = (id: number, change: (user: StoredUser) => void) => edit((store) => store.editUser(id, change));
  return { root, base, server, cms, createToken, edit, editUser };
}

/**
 * The sample site, as a Cms in this process, whose Authenticated role reads what the Public one does, with no rate limit;
 * `longWay()` counts the requests that reached h3's app (it asks `auth.catchUp` first; kept answers are written before
 * it), for the tests of which credentialed reads wait for the turn's end (core/http/turn-answers.ts).
 */
export async function longWaySite(): Promise<{ root: string; cms: Cms; longWay: () => number }> {
  const root = copySampleSite();
  writeConfig(root, (config) => {
    config.auth = { rateLimit: { enabled: false } };
    config.permissions.authenticated = config.permissions.public;
  });
  const cms = await createCms({ root, env: { ...process.env, ...TEST_ENV }, report: () => {} });
  let reached = 0;
  const catchUp = cms.auth.catchUp.bind(cms.auth);
  cms.auth.catchUp = (...args) => { reached++; return catchUp(...args); };
  return { root, cms, longWay: () => reached };
}
