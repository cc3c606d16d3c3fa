// Builders for MCP catalogue cases and the credentials a set records with.

const ACTIONS = ['read', 'create', 'update', 'delete', 'publish'];
const SCOPE_OF = { read: ['find', 'findOne'], create: ['create'], update: ['update'], delete: ['delete'], publish: ['publish'] };

/**
 * Content Manager permissions on `uids` for `actions`, as the admin panel makes them: a localized type's carry
 * `properties.locales` (every locale unless `properties` limits them; without it Strapi answers no document
 * of that type), `properties.fields` only where a credential limits the fields.
 */
export function explorer(uids, actions = ACTIONS, properties = {}, i18n = { localized: [], locales: [] }) {
  return uids.flatMap((subject) => actions.map((action) => {
    const props = { ...(i18n.localized.includes(subject) ? { locales: i18n.locales } : {}), ...properties };
    return { action: `plugin::content-manager.explorer.${action}`, subject, ...(Object.keys(props).length ? { properties: props } : {}) };
  }));
}

/** Our API-token scopes that grant what `actions` on `uids` grant in Strapi's Content Manager. */
export function scopesFor(uids, actions) {
  return uids.flatMap((uid) => actions.flatMap((action) => SCOPE_OF[action].map((scope) => `${uid}.${scope}`)));
}

/**
 * The credentials a set records with: `full` and `read` (every api:: type), and `custom-<x>` subsets.
 * Each says the admin token's permissions on Strapi and the API token that plays it here.
 * `i18n`: `{ localized: [uids], locales: [codes] }` of the project.
 */
export function credentials(uids, customs, i18n) {
  const out = {
    full: { adminPermissions: explorer(uids, ACTIONS, {}, i18n), type: 'full-access' },
    read: { adminPermissions: explorer(uids, ['read'], {}, i18n), type: 'read-only' },
  };
  for (const [name, { uids: some, actions, properties, note }] of Object.entries(customs)) {
    out[`custom-${name}`] = {
      adminPermissions: explorer(some, actions, properties, i18n), type: 'custom', scopes: scopesFor(some, actions), ...(note ? { note } : {}),
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
