import { didYouMean } from '../did-you-mean.js';
import { DEFAULT_CONFIG } from './types.js';

/** Settings without a default value, so the defaults alone do not name them. */
const OPTIONAL_KEYS: Record<string, string[]> = {
  '': ['$schema'], auth: ['apiTokenSalt'], graphql: ['depthLimit', 'amountLimit', 'defaultLimit', 'apolloServer'],
};
/** Maps whose keys are the user's own names (types, formats, shapes), not settings. */
const FREE_MAPS = new Set([
  'permissions.public', 'permissions.authenticated', 'upload.breakpoints', 'export.populate', 'server.cacheControl', 'preview.config.urls',
  'graphql.apolloServer', 'upload.providerOptions', 'upload.actionOptions', 'content.layout',
]);
/** Keys of one webhook entry. */
const WEBHOOK_KEYS = ['url', 'headers', 'events'];

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The settings a path of the config may hold, from the defaults (the one list of what exists). */
function knownKeys(path: string): string[] | undefined {
  let node: unknown = DEFAULT_CONFIG;
  for (const part of path ? path.split('.') : []) node = isRecord(node) ? node[part] : undefined;
  if (!isRecord(node)) return undefined;
  return [...Object.keys(node), ...(OPTIONAL_KEYS[path] ?? [])];
}

/**
 * Every key of a raw config that no setting has, with a message carrying its path and a did-you-mean:
 * a misspelt `permisions` must fail loudly instead of leaving every type private.
 *
 * @example
 * unknownConfigKeys({ permisions: {} })
 * // [{ key: 'permisions', message: 'permisions is not a known setting (did you mean "permissions"?)' }]
 */
export function unknownConfigKeys(raw: Record<string, unknown>, path = ''): { key: string; message: string }[] {
  if (FREE_MAPS.has(path)) return [];
  const known = path === 'webhooks' ? undefined : knownKeys(path);
  const problems: { key: string; message: string }[] = [];
  if (path === 'webhooks' && Array.isArray(raw)) {
    (raw as unknown[]).forEach((hook, at) => {
      if (!isRecord(hook)) return;
      for (const key of Object.keys(hook)) if (!WEBHOOK_KEYS.includes(key)) problems.push({
        key, message: `webhooks[${at}].${key} is not a known setting${didYouMean(key, WEBHOOK_KEYS)}`,
      });
    });
    return problems;
  }
  if (!known) return problems;
  for (const [key, value] of Object.entries(raw)) {
    const at = path ? `${path}.${key}` : key;
    if (!known.includes(key)) { problems.push({ key, message: `${at} is not a known setting${didYouMean(key, known)}` }); continue; }
    if (isRecord(value) || (at === 'webhooks' && Array.isArray(value))) {
      problems.push(...unknownConfigKeys(value as Record<string, unknown>, at));
    }
  }
  return problems;
}
