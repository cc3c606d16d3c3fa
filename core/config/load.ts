import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileError } from '../errors.js';
import { parseJsonText } from '../parsers/json.js';
import { DEFAULT_CONFIG, type Action, type CmsConfig } from './types.js';

export const CONFIG_FILES = ['cms.config.json', 'cms.config.mjs', 'cms.config.js'];
const ACTIONS: Action[] = ['find', 'findOne', 'create', 'update', 'delete'];

async function readConfigFile(root: string): Promise<{ file: string; raw: Record<string, unknown> } | undefined> {
  for (const name of CONFIG_FILES) {
    const path = join(root, name);
    if (!existsSync(path)) continue;
    if (name.endsWith('.json')) return { file: name, raw: parseJsonText(readFileSync(path, 'utf8'), name) as Record<string, unknown> };
    const module = (await import(pathToFileURL(path).href)) as { default?: Record<string, unknown> };
    return { file: name, raw: module.default ?? {} };
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Merge a raw config over the defaults and check it; every problem names the file. */
export function resolveConfig(raw: Record<string, unknown>, file = 'cms.config.json'): CmsConfig {
  const fail = (message: string): never => { throw new FileError(file, message); };
  if (!isRecord(raw)) fail('the config must be an object');
  const rest = { ...DEFAULT_CONFIG.api.rest, ...(isRecord(raw.api) && isRecord(raw.api.rest) ? raw.api.rest : {}) } as CmsConfig['api']['rest'];
  for (const key of ['defaultLimit', 'maxLimit'] as const) {
    if (!Number.isInteger(rest[key]) || rest[key] < 1) fail(`api.rest.${key} must be a positive integer`);
  }
  if (typeof rest.prefix !== 'string' || !/^\/[A-Za-z0-9/_-]*$/.test(rest.prefix)) fail('api.rest.prefix must be a path such as "/api"');
  rest.prefix = rest.prefix.replace(/\/+$/, '') || '/api';
  const locales = raw.locales ?? DEFAULT_CONFIG.locales;
  if (!Array.isArray(locales) || locales.length === 0 || !locales.every((code) => typeof code === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(code))) {
    fail('locales must be a non-empty list of locale codes such as ["en", "fr"]');
  }
  const defaultLocale = (raw.defaultLocale ?? (locales as string[])[0]) as string;
  if (!(locales as string[]).includes(defaultLocale)) fail(`defaultLocale "${defaultLocale}" is not one of locales`);
  const permissions = isRecord(raw.permissions) ? raw.permissions : {};
  const publicGrants = (isRecord(permissions.public) ? permissions.public : {}) as Record<string, unknown>;
  const grants: Record<string, Action[]> = Object.create(null);
  for (const [type, actions] of Object.entries(publicGrants)) {
    if (!Array.isArray(actions) || !actions.every((action) => ACTIONS.includes(action as Action))) {
      fail(`permissions.public.${type} must be a list of ${ACTIONS.join(', ')}`);
    }
    grants[type] = actions as Action[];
  }
  const server = { ...DEFAULT_CONFIG.server, ...(isRecord(raw.server) ? raw.server : {}) } as CmsConfig['server'];
  const git = { ...DEFAULT_CONFIG.git, ...(isRecord(raw.git) ? raw.git : {}) } as CmsConfig['git'];
  const webhooks = (raw.webhooks ?? []) as CmsConfig['webhooks'];
  if (!Array.isArray(webhooks) || !webhooks.every((hook) => isRecord(hook) && typeof hook.url === 'string' && /^https?:\/\//.test(hook.url))) {
    fail('webhooks must be a list of { url: "https://…", headers?, events? }');
  }
  const exportPopulate = isRecord(raw.export) && isRecord(raw.export.populate) ? raw.export.populate : {};
  if (!Object.values(exportPopulate).every((value) => typeof value === 'string')) fail('export.populate must map names to query strings such as "populate=*"');
  return {
    locales: locales as string[], defaultLocale, api: { rest }, permissions: { public: grants }, server, git, webhooks,
    export: { populate: exportPopulate as Record<string, string> },
  };
}

/**
 * Load `cms.config.{json,mjs,js}` from the project root (defaults when absent).
 *
 * @example
 * const config = await loadConfig('/srv/site'); config.api.rest.maxLimit // 100
 */
export async function loadConfig(root: string): Promise<CmsConfig> {
  const found = await readConfigFile(root);
  return found ? resolveConfig(found.raw, found.file) : resolveConfig({});
}
