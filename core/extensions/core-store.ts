import type { Cms } from '../cms.js';
import { UnsupportedApiError } from './errors.js';

/** What `strapi.store(…)` is given, and each of its calls (merged, as Strapi merges them). */
export interface StoreParams {
  type?: string;
  name?: string;
  key?: string;
  value?: unknown;
  environment?: string | null;
  tag?: string | null;
}

/** A scoped store: `strapi.store({ type: 'plugin', name: 'users-permissions' })`. */
export interface ScopedStore {
  get(params?: StoreParams): Promise<unknown>;
  set(params?: StoreParams): Promise<void>;
  delete(params?: StoreParams): Promise<void>;
}

/** Strapi's key for a setting: `<type>_<name>_<key>` (`plugin_users-permissions_grant`), the type `core` when none is given. */
const keyOf = ({ type = 'core', name, key }: StoreParams) => `${type}${name ? `_${name}` : ''}_${key}`;

/**
 * The settings this server keeps elsewhere, read through Strapi's core-store keys: users-permissions' `grant` (the OAuth
 * providers of the registry, users-permissions-providers.ts: only `email`, the sign-in, is enabled here) and `advanced`
 * (`allow_register` is `auth.register` of the config; the rest are Strapi's defaults, which this server follows).
 */
function settings(cms: Cms, grant: () => unknown): Record<string, () => unknown> {
  return {
    'plugin_users-permissions_grant': grant,
    'plugin_users-permissions_advanced': () => ({
      unique_email: true,
      allow_register: cms.config.auth.register,
      email_confirmation: false,
      email_reset_password: null,
      email_confirmation_redirection: null,
      default_role: 'authenticated',
    }),
  };
}

/**
 * `strapi.store(defaults)`: Strapi's core store, over what this server keeps in `cms.config.json`. `get` answers the
 * settings above (a fresh copy each time, as a read from Strapi's table is) and `null` for any other key, which Strapi
 * answers for a key it does not hold. Settings are the config's, so `set` is taken only when it changes nothing (a
 * bootstrap writing the defaults back); any other `set` or `delete` is named, never dropped.
 *
 * @example
 * const store = coreStore(cms, () => grantSettings(registry.getAll()));
 * await store({ type: 'plugin', name: 'users-permissions', key: 'advanced' }).get() // { allow_register: true, … }
 */
export function coreStore(cms: Cms, grant: () => unknown): (defaults?: StoreParams) => ScopedStore {
  const read = (params: StoreParams): unknown => {
    if (params.environment || params.tag) return null;
    const setting = settings(cms, grant)[keyOf(params)];
    return setting ? structuredClone(setting()) : null;
  };
  return (defaults: StoreParams = {}) => {
    const merged = (params: StoreParams = {}) => ({ ...defaults, ...params });
    return {
      get: async (params) => read(merged(params)),
      async set(params) {
        const full = merged(params);
        if (JSON.stringify(read(full)) === JSON.stringify(full.value ?? null)) return;
        throw new UnsupportedApiError(`strapi.store(…).set of "${keyOf(full)}"`,
          'settings live in cms.config.json; the store answers users-permissions\' grant and advanced settings from it');
      },
      async delete(params) {
        throw new UnsupportedApiError(`strapi.store(…).delete of "${keyOf(merged(params))}"`, 'settings live in cms.config.json');
      },
    };
  };
}
