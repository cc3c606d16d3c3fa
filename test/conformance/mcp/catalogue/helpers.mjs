// Builders for MCP catalogue cases and the credentials a set records with.

const ACTIONS = ['read', 'create', 'update', 'delete', 'publish'];
const SCOPE_OF = { read: ['find', 'findOne'], create: ['create'], update: ['update'], delete: ['delete'], publish: ['publish'] };

/** Content Manager permissions on `uids` for `actions` (`properties`: Strapi's `fields` / `locales` limits). */
export function explorer(uids, actions = ACTIONS, properties) {
  return uids.flatMap((subject) => actions.map((action) => ({
    action: `plugin::content-manager.explorer.${action}`, subject, ...(properties ? { properties } : {}),
  })));
}

/** Our API-token scopes that grant what `actions` on `uids` grant in Strapi's Content Manager. */
export function scopesFor(uids, actions) {
  return uids.flatMap((uid) => actions.flatMap((action) => SCOPE_OF[action].map((scope) => `${uid}.${scope}`)));
}

/**
 * The credentials a set records with: `full` and `read` (every api:: type), and `custom-<x>` subsets.
 * Each says the admin token's permissions on Strapi and the API token that plays it here.
 */
export function credentials(uids, customs) {
  const out = {
    full: { adminPermissions: explorer(uids), type: 'full-access' },
    read: { adminPermissions: explorer(uids, ['read']), type: 'read-only' },
  };
  for (const [name, { uids: some, actions, properties, note }] of Object.entries(customs)) {
    out[`custom-${name}`] = {
      adminPermissions: explorer(some, actions, properties), type: 'custom', scopes: scopesFor(some, actions), ...(note ? { note } : {}),
    };
  }
  return out;
}

/** A JSON-RPC request case (`credential` defaults to `full`). */
export const rpc = (id, method, params, extra = {}) => ({ id, rpc: [method, params], ...extra });

/** A `tools/call` case. */
export const call = (id, name, args, extra = {}) => rpc(id, 'tools/call', { name, ...(args === undefined ? {} : { arguments: args }) }, extra);

/** `tools/list` for a credential. */
export const list = (credential) => rpc(`tools.list.${credential}`, 'tools/list', undefined, { credential });

export const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'conformance', version: '1.0.0' } };
