import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkBranchName } from '../branches/branch-names.js';
import { FileError } from '../errors.js';
import { resolveUploadConfig } from '../media/upload-config.js';
import { locateKey } from '../parsers/locate-key.js';
import { parseJsonText } from '../parsers/json.js';
import { resolveGraphql } from './graphql-config.js';
import { resolveMcp } from './mcp-config.js';
import { resolvePreview } from './preview.js';
import { resolveProxy } from './proxy.js';
import { unknownConfigKeys } from './known-keys.js';
import type { ConfigSource } from './named-types.js';
import { isStateUrl } from './state-url.js';
import { DEFAULT_CONFIG, type Action, type CmsConfig } from './types.js';

export const CONFIG_FILES = ['cms.config.json', 'cms.config.mjs', 'cms.config.js'];
const ACTIONS: readonly Action[] = ['find', 'findOne', 'create', 'update', 'delete'];

async function readConfigFile(root: string): Promise<{ file: string; raw: Record<string, unknown>; text: string } | undefined> {
  for (const name of CONFIG_FILES) {
    const path = join(root, name);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    if (name.endsWith('.json')) return { file: name, raw: parseJsonText(text, name) as Record<string, unknown>, text };
    const module = (await import(pathToFileURL(path).href)) as { default?: Record<string, unknown> };
    return { file: name, raw: module.default ?? {}, text };
  }
  return undefined;
}

/** A name git and the CMS take for a branch (the rules of branch-names.ts). */
function isBranchName(name: string): boolean {
  try { return checkBranchName(name) === name; } catch { return false; }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Plugin keys a role may be granted, with their actions; other `plugin::` keys take any action name. */
const PLUGIN_ACTIONS: Record<string, string[]> = {
  'plugin::users-permissions.user': ['find', 'findOne', 'count', 'me'],
  'plugin::users-permissions.role': ['find', 'findOne'],
};

/** `{ typeRef: actions[] }` for one role, into a null-prototype record. */
function checkGrants(raw: unknown, where: string, fail: (message: string) => never): Record<string, string[]> {
  const grants: Record<string, string[]> = Object.create(null);
  if (raw === undefined) return grants;
  if (!isRecord(raw)) fail(`${where} must map content types to lists of actions`);
  for (const [type, actions] of Object.entries(raw as Record<string, unknown>)) {
    // A content type's grants take its core actions and its controller's custom ones (`featured` for a route handled by
    // `restaurant.featured`), which are checked against the project's routes once they are loaded (extensions/custom-grants.ts).
    const allowed: readonly string[] | undefined = Object.hasOwn(PLUGIN_ACTIONS, type) ? PLUGIN_ACTIONS[type] : undefined;
    const named = type.startsWith('plugin::') ? /^[A-Za-z][\w-]*$/ : /^[A-Za-z_$][\w$]*$/;
    const valid = (action: unknown) => typeof action === 'string' && (allowed ? allowed.includes(action) : named.test(action));
    if (!Array.isArray(actions) || !actions.every(valid)) {
      const list = allowed ? allowed.join(', ')
        : type.startsWith('plugin::') ? 'action names' : `${ACTIONS.join(', ')} or controller actions`;
      fail(`${where}.${type} must be a list of ${list}`);
    }
    grants[type] = actions as string[];
  }
  return grants;
}

/** The `auth` block over its defaults. */
function resolveAuth(raw: unknown, fail: (message: string) => never): CmsConfig['auth'] {
  const defaults = DEFAULT_CONFIG.auth;
  if (raw !== undefined && !isRecord(raw)) fail('auth must be an object');
  const given = (raw ?? {}) as Record<string, unknown>;
  const rateLimit = { ...defaults.rateLimit, ...(isRecord(given.rateLimit) ? given.rateLimit : {}) };
  const auth = { ...defaults, ...given, rateLimit } as CmsConfig['auth'];
  if (typeof auth.register !== 'boolean') fail('auth.register must be true or false');
  const positiveSeconds = Number.isInteger(auth.jwtExpiresIn) && (auth.jwtExpiresIn as number) > 0;
  const duration = typeof auth.jwtExpiresIn === 'string' && /^\d+[smhd]?$/.test(auth.jwtExpiresIn);
  if (!positiveSeconds && !duration) {
    fail('auth.jwtExpiresIn must be seconds or a duration such as "30d", "12h", "15m"');
  }
  if (auth.apiTokenSalt !== undefined && (typeof auth.apiTokenSalt !== 'string' || auth.apiTokenSalt.length < 16)) {
    fail('auth.apiTokenSalt must be a string of at least 16 characters');
  }
  const { enabled, interval, max } = auth.rateLimit;
  if (typeof enabled !== 'boolean' || !Number.isInteger(interval) || interval < 1 || !Number.isInteger(max) || max < 1) {
    fail('auth.rateLimit must be { enabled: boolean, interval: ms, max: requests }');
  }
  return auth;
}

/** `server.cacheControl` over its `*` default: header values only (printable, no line breaks). */
function resolveCacheControl(rawServer: unknown, fail: (message: string) => never): Record<string, string> {
  const given = isRecord(rawServer) ? rawServer.cacheControl : undefined;
  if (given !== undefined && !isRecord(given)) fail('server.cacheControl must map "*" or a content type to a Cache-Control value');
  const table: Record<string, string> = Object.assign(Object.create(null), DEFAULT_CONFIG.server.cacheControl);
  for (const [type, value] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string' || !/^[\x20-\x7e]+$/.test(value)) {
      fail(`server.cacheControl.${type} must be a Cache-Control value such as "public, max-age=60"`);
    }
    table[type] = value as string;
  }
  return table;
}

/** The `admin` block: a path of plain segments that neither holds nor sits inside the API prefix, the uploads or the OpenAPI document. */
function resolveAdmin(raw: unknown, prefix: string, fail: (message: string) => never): CmsConfig['admin'] {
  if (raw !== undefined && !isRecord(raw)) fail('admin must be an object');
  const admin = { ...DEFAULT_CONFIG.admin, ...(raw ?? {}) } as CmsConfig['admin'];
  if (typeof admin.enabled !== 'boolean') fail('admin.enabled must be true or false');
  if (typeof admin.path !== 'string' || !/^(\/[A-Za-z0-9_-]+)+$/.test(admin.path)) fail('admin.path must be a path such as "/admin"');
  const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  for (const taken of [prefix, '/uploads', '/_health']) {
    if (overlaps(admin.path, taken)) fail(`admin.path "${admin.path}" overlaps ${taken === prefix ? 'the API prefix' : taken}`);
  }
  return admin;
}

/** A locale code as `locales` takes it: `en`, `fr-CA`, `zh-Hans-CN`. */
export const LOCALE_CODE_PATTERN = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/;

/**
 * A setting in seconds that a timer waits: above 0 (or 0 when `zero`), and at most what `setTimeout` can wait
 * (2^31 - 1 ms): past it Node fires after 1 ms, the opposite of a long wait.
 */
const isSeconds = (value: unknown, zero = false): value is number =>
  typeof value === 'number' && (zero ? value >= 0 : value > 0) && value <= 2_147_483;

/** Merge a raw config over the defaults and check it; every problem names the file (and, given its text, the line of an unknown key). */
export function resolveConfig(raw: Record<string, unknown>, file = 'cms.config.json', text?: string): CmsConfig {
  const fail = (message: string): never => { throw new FileError(file, message); };
  if (!isRecord(raw)) fail('the config must be an object');
  const unknown = unknownConfigKeys(raw);
  if (unknown.length) {
    const at = text === undefined ? undefined : locateKey(text, unknown[0].key);
    throw new FileError(file, unknown.map((problem) => problem.message).join('; '), at?.line, at?.column);
  }
  const givenRest = isRecord(raw.api) && isRecord(raw.api.rest) ? raw.api.rest : {};
  const rest = { ...DEFAULT_CONFIG.api.rest, ...givenRest } as CmsConfig['api']['rest'];
  for (const key of ['defaultLimit', 'maxLimit', 'maxPopulateDepth', 'maxPopulatedEntries'] as const) {
    if (!Number.isInteger(rest[key]) || rest[key] < 1) fail(`api.rest.${key} must be a positive integer`);
  }
  if (typeof rest.prefix !== 'string' || !/^\/[A-Za-z0-9/_-]*$/.test(rest.prefix)) fail('api.rest.prefix must be a path such as "/api"');
  rest.prefix = rest.prefix.replace(/\/+$/, '') || '/api';
  const locales = raw.locales ?? DEFAULT_CONFIG.locales;
  const isCode = (code: unknown) => typeof code === 'string' && LOCALE_CODE_PATTERN.test(code);
  if (!Array.isArray(locales) || locales.length === 0 || !locales.every(isCode)) {
    fail('locales must be a non-empty list of locale codes such as ["en", "fr"]');
  }
  const defaultLocale = (raw.defaultLocale ?? (locales as string[])[0]) as string;
  if (!(locales as string[]).includes(defaultLocale)) fail(`defaultLocale "${defaultLocale}" is not one of locales`);
  const permissions = isRecord(raw.permissions) ? raw.permissions : {};
  const roleGrants = (role: 'public' | 'authenticated') => checkGrants(permissions[role], `permissions.${role}`, fail);
  const auth = resolveAuth(raw.auth, fail);
  const server = { ...DEFAULT_CONFIG.server, ...(isRecord(raw.server) ? raw.server : {}) } as CmsConfig['server'];
  server.cacheControl = resolveCacheControl(raw.server, fail);
  server.proxy = resolveProxy(raw.server, fail);
  if (!isSeconds(server.unreadBodyLinger)) fail('server.unreadBodyLinger must be a number of seconds');
  const git = { ...DEFAULT_CONFIG.git, ...(isRecord(raw.git) ? raw.git : {}) } as CmsConfig['git'];
  const flags = ['commitPerWrite', 'timestampsFromHistory', 'mergeSafeLayout', 'forwardWrites'] as const;
  for (const key of flags) if (typeof git[key] !== 'boolean') fail(`git.${key} must be true or false`);
  if (git.push !== false && (typeof git.push !== 'string' || !/^[A-Za-z0-9][\w.-]*$/.test(git.push))) {
    fail('git.push must be a remote name such as "origin", or false');
  }
  if (git.baseBranch !== false && (typeof git.baseBranch !== 'string' || !isBranchName(git.baseBranch))) {
    fail('git.baseBranch must be a branch name such as "main", or false');
  }
  if (git.pull !== false && !isSeconds(git.pull)) fail('git.pull must be an interval in seconds, or false');
  if (git.poll !== false && !isSeconds(git.poll)) fail('git.poll must be an interval in seconds, or false');
  const isBaseUrl = (peer: unknown) => typeof peer === 'string' && /^https?:\/\/[^\s]+$/.test(peer);
  if (!Array.isArray(git.peers) || !git.peers.every(isBaseUrl)) {
    fail('git.peers must be a list of base URLs such as ["http://10.0.0.2:1337"]');
  }
  if (!isSeconds(git.pushTimeout)) fail('git.pushTimeout must be a number of seconds');
  if (git.forwardMargin !== false && !isSeconds(git.forwardMargin, true)) {
    fail('git.forwardMargin must be a number of seconds, or false');
  }
  const state = { ...DEFAULT_CONFIG.state, ...(isRecord(raw.state) ? raw.state : {}) } as CmsConfig['state'];
  if (raw.state !== undefined && !isRecord(raw.state)) fail('state must be an object such as { "url": "postgres://…" }');
  if (state.url !== false && (typeof state.url !== 'string' || !isStateUrl(state.url))) {
    fail('state.url must be a postgres:// or postgresql:// URL, or false');
  }
  if (!isSeconds(state.reconnectInterval)) {
    fail('state.reconnectInterval must be a number of seconds');
  }
  const webhooks = (raw.webhooks ?? []) as CmsConfig['webhooks'];
  const isHook = (hook: unknown) => isRecord(hook) && typeof hook.url === 'string' && /^https?:\/\//.test(hook.url);
  if (!Array.isArray(webhooks) || !webhooks.every(isHook)) {
    fail('webhooks must be a list of { url: "https://…", headers?, events? }');
  }
  const content = { ...DEFAULT_CONFIG.content, ...(isRecord(raw.content) ? raw.content : {}) } as CmsConfig['content'];
  if (!Number.isSafeInteger(content.maxFileSize) || content.maxFileSize < 1) fail('content.maxFileSize must be a positive integer (bytes)');
  if (!isRecord(content.layout) || !Object.values(content.layout).every((layout) => layout === 'flat' || layout === 'fan-out')) {
    fail('content.layout must map type folders (plural API ids) to "flat" or "fan-out"');
  }
  content.layout = Object.assign(Object.create(null) as Record<string, 'flat' | 'fan-out'>, content.layout);
  const extensions = { ...DEFAULT_CONFIG.extensions, ...(isRecord(raw.extensions) ? raw.extensions : {}) } as CmsConfig['extensions'];
  if (typeof extensions.hookTimeout !== 'number' || !(extensions.hookTimeout > 0)) {
    fail('extensions.hookTimeout must be a number of seconds');
  }
  const exportPopulate = isRecord(raw.export) && isRecord(raw.export.populate) ? raw.export.populate : {};
  if (!Object.values(exportPopulate).every((value) => typeof value === 'string')) {
    fail('export.populate must map names to query strings such as "populate=*"');
  }
  return {
    locales: locales as string[], defaultLocale, api: { rest },
    permissions: { public: roleGrants('public'), authenticated: roleGrants('authenticated') }, auth,
    upload: resolveUploadConfig(raw.upload, fail), content, server, git, state, webhooks, extensions,
    export: { populate: exportPopulate as Record<string, string> }, admin: resolveAdmin(raw.admin, rest.prefix, fail),
    preview: resolvePreview(raw.preview, DEFAULT_CONFIG.preview, fail),
    graphql: resolveGraphql(raw.graphql, rest.prefix, fail),
    mcp: resolveMcp(raw.mcp, fail),
  };
}

/**
 * Load `cms.config.{json,mjs,js}` from the project root (defaults when absent).
 *
 * @example
 * const config = await loadConfig('/srv/site'); config.api.rest.maxLimit // 100
 */
export async function loadConfig(root: string): Promise<CmsConfig> {
  return (await loadConfigSource(root)).config;
}

/** The config with the file it came from and its text, for problems found later (a type name, once the schemas load). */
export async function loadConfigSource(root: string): Promise<{ config: CmsConfig; source: ConfigSource }> {
  const found = await readConfigFile(root);
  if (!found) return { config: resolveConfig({}), source: { file: CONFIG_FILES[0] } };
  return { config: resolveConfig(found.raw, found.file, found.text), source: { file: found.file, text: found.text } };
}
