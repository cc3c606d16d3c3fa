import { randomInt, randomUUID } from 'node:crypto';
import type { Cms } from '../cms.js';
import { UnsupportedApiError } from './errors.js';
import type { ScopedStore, StoreParams } from './core-store.js';

/** Strapi 5.54's OAuth providers (users-permissions' providers-registry), each with its admin-panel icon. */
const BUILT_IN: ReadonlyArray<[string, string]> = [
  ['email', 'envelope'], ['discord', 'discord'], ['facebook', 'facebook-square'], ['google', 'google'], ['github', 'github'],
  ['microsoft', 'windows'], ['twitter', 'twitter'], ['instagram', 'instagram'], ['vk', 'vk'], ['twitch', 'twitch'],
  ['linkedin', 'linkedin'], ['cognito', 'aws'], ['reddit', 'reddit'], ['auth0', ''], ['cas', 'book'], ['patreon', ''], ['keycloak', ''],
];

/** A provider as the registry holds it: `authCallback({ accessToken, query, providers })` answers the user's profile. */
export interface AuthProvider {
  enabled: boolean;
  icon: string;
  grantConfig: Record<string, unknown>;
  authCallback?: (input: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

const restPrefix = (cms: Cms) => cms.config.api.rest.prefix;

/** The built-in providers: none but `email` (the sign-in) can be enabled here, so none reaches a third party. */
function builtInProviders(cms: Cms): Record<string, AuthProvider> {
  const disabled = (name: string) => async () => {
    throw new UnsupportedApiError(`the ${name} OAuth provider's callback`, 'OAuth providers cannot be enabled here');
  };
  return Object.fromEntries(BUILT_IN.map(([name, icon]) => [name, name === 'email'
    ? { enabled: true, icon, grantConfig: {} }
    : {
      enabled: false, icon, authCallback: disabled(name),
      grantConfig: { key: '', secret: '', callbackUrl: `${restPrefix(cms)}/auth/${name}/callback` },
    }]));
}

/**
 * users-permissions' `grant` setting as Strapi's bootstrap stores it from the registry: each provider's `icon`,
 * `enabled` and grant config.
 */
export function grantSettings(providers: Record<string, AuthProvider>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(providers).map(([name, { icon, enabled, grantConfig }]) =>
    [name, { icon, enabled, ...grantConfig }]));
}

/**
 * `strapi.plugin('users-permissions').service('providers-registry')`: `getAll`, `get(name)`, `add(name, provider)`,
 * `remove(name)` and `run({ provider, … })`, which calls the provider's `authCallback` (Strapi's "Unknown auth provider"
 * for a name it does not hold). A provider a project adds is held for its code; none is enabled for the callback route.
 *
 * @example
 * providersRegistry(cms).get('email') // { enabled: true, icon: 'envelope', grantConfig: {} }
 */
export function providersRegistry(cms: Cms) {
  const providers = builtInProviders(cms);
  return {
    getAll: () => providers,
    get: (name: string) => providers[name],
    add: (name: string, provider: AuthProvider) => { providers[name] = provider; },
    remove: (name: string) => { delete providers[name]; },
    async run({ provider, ...input }: { provider: string } & Record<string, unknown>) {
      const found = providers[provider];
      if (!found) throw new Error('Unknown auth provider');
      if (typeof found.authCallback !== 'function') throw new UnsupportedApiError(`the ${provider} provider's authCallback`);
      return found.authCallback(input);
    },
  };
}

/** What the providers service reaches through `strapi`: the store, the registry and the query engine. */
export interface ProviderApis {
  store(defaults: StoreParams): ScopedStore;
  registry(): Record<string, unknown>;
  query(uid: string): Record<string, (params?: Record<string, unknown>) => Promise<unknown>>;
}

const USER_UID = 'plugin::users-permissions.user';

/**
 * `strapi.plugin('users-permissions').service('providers')`: `connect(provider, query)` (Strapi 5.54's flow: the
 * profile from the registry, the user with that email and provider, else a new one in the default role when
 * registration is open) and `buildRedirectUri(provider)`. Projects replace `connect` in `register()`; the callback
 * route reaches it only for an enabled provider, and none can be enabled here.
 *
 * @example
 * providersService(cms, apis).buildRedirectUri('github') // 'http://localhost:1337/api/connect/github/callback'
 */
export function providersService(cms: Cms, apis: ProviderApis): Record<string, unknown> {
  const store = apis.store({ type: 'plugin', name: 'users-permissions' });
  const usernameFree = async (username: string) => !(await apis.query(USER_UID).count({ where: { username } }));
  /** Strapi's findValidUsername: the base when long enough and free, else the base and four digits, else a UUID. */
  const validUsername = async (base: string) => {
    for (let attempt = 0; attempt <= 10; attempt += 1) {
      const candidate = attempt === 0 && base.length >= 3 ? base : `${base}${randomInt(1000, 9999)}`;
      if (await usernameFree(candidate)) return candidate;
    }
    return randomUUID();
  };
  return {
    async connect(provider: string, query: Record<string, unknown> = {}) {
      const accessToken = query.access_token || query.code || query.oauth_token;
      if (!accessToken && !query.id_token) throw new Error('No access_token.');
      const providers = await store.get({ key: 'grant' });
      const run = apis.registry().run as (input: Record<string, unknown>) => Promise<Record<string, unknown>>;
      const profile = await run({ provider, query, accessToken, providers });
      const email = String(profile.email ?? '').toLowerCase();
      if (!email) throw new Error('Email was not available.');
      const users = await apis.query(USER_UID).findMany({ where: { email } }) as Array<Record<string, unknown>>;
      const advanced = await store.get({ key: 'advanced' }) as Record<string, unknown>;
      const user = users.find((candidate) => candidate.provider === provider);
      if (!user && !advanced.allow_register) throw new Error('Register action is actually not available.');
      if (user) return user;
      if (users.length && advanced.unique_email) throw new Error('Email is already taken.');
      const role = await apis.query('plugin::users-permissions.role').findOne({ where: { type: advanced.default_role } }) as { id: number };
      const base = (typeof profile.username === 'string' && profile.username.trim()) || email.split('@')[0];
      const username = await validUsername(base);
      return apis.query(USER_UID).create({ data: { ...profile, username, email, provider, role: role.id, confirmed: true } });
    },
    buildRedirectUri: (provider = '') =>
      `http://${cms.config.server.host}:${cms.config.server.port}${restPrefix(cms)}/connect/${provider}/callback`,
  };
}
