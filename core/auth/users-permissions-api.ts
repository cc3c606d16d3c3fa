import type { Caller } from '../access/permissions.js';
import { UP } from '../access/scopes.js';
import { ApplicationError, ForbiddenError, invalidKey, MethodNotAllowedError, NotFoundError, ValidationError } from '../errors.js';
import { USER_UID } from '../schema/user-model.js';
import { parseQueryString } from '../strapi/parse-query.js';
import type { Auth } from './auth.js';
import { rateLimitKey } from './rate-limit.js';
import { findRole, listRoles, permissionTree } from './roles.js';
import { catchUpOrUnavailable, type StoredUser } from './state-store.js';
import { changePassword, forgotPassword, login, me, register, resetPassword } from './user-actions.js';
import { countUsers, queryUsers, roleOf, selectRoleFields, selectUserFields, type RelatedFilter } from './user-query.js';
import { updateUser } from './user-admin.js';
import { sanitizeUser } from './users.js';

/** One request to the users-permissions routes, independent of HTTP. */
export interface UsersPermissionsRequest {
  method: string;
  /** Path after the API prefix, e.g. `/auth/local`. */
  path: string;
  search: string;
  /** Read the body once the route is known (JSON errors answer before credentials, as Strapi's body parser). */
  readBody: () => Promise<unknown>;
  /** The caller behind the request's credentials (throws 401 for a bad Bearer token). */
  caller: () => Caller;
  /** Who is asking, for the rate limit (the client address: see core/http/client-address.ts). */
  client: string;
  /** Reads the relations the project's src/extensions adds to the user (without it, populating one is a 400). */
  relations?: UserRelations;
  /** Filters users through those relations (without it, filtering through one is a 400). */
  relationFilter?: UserRelationFilter;
  /** Resolves the one-way relations a user update body sets (`goals`) to the documentIds the user keeps (auth-routes.ts). */
  links?: UserLinks;
}

/** A user update body's one-way relations (those the user owns), resolved against its current links: name → documentIds. */
export type UserLinks = (user: StoredUser, body: Record<string, unknown>) => Record<string, string[]>;

/** A raw JSON body (no `{data}` envelope: Strapi's users-permissions answers bare), or none (204). */
export interface UsersPermissionsResponse {
  status: number;
  body: unknown;
}

interface Context {
  auth: Auth;
  caller: Caller;
  links?: UserLinks;
  /** The relations the project adds to the user, read for this caller (none when the user is not extended). */
  added?: Added;
  params: string[];
  body: unknown;
  search: string;
}

interface Route {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  scope: string;
  /** Counted by the auth rate limit. */
  limited?: boolean;
  run: (context: Context) => unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `id`, `documentId` and the selected fields of a record, in its order; all of it when none are selected. */
const pick = (record: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> =>
  (fields
    ? Object.fromEntries(Object.entries(record).filter(([key]) => key === 'id' || key === 'documentId' || fields.includes(key)))
    : record);

/** A user as answered: its public fields, or `id`, `documentId` and the selected `fields`, in schema order. */
function publicFields(fields: string[] | undefined): (user: StoredUser) => Record<string, unknown> {
  return (user) => pick(sanitizeUser(user) as Record<string, unknown>, fields);
}

/** Reads the relations the project's src/extensions adds to a user, populated as asked, for a caller (auth-routes.ts). */
export type UserRelations = (user: StoredUser, populate: Record<string, unknown>, caller: Caller) => Record<string, unknown>;
/** The ids of the users whose added relation matches a filter (`goals: { title: { $eq: … } }`), for a caller (auth-routes.ts). */
export type UserRelationFilter = (key: string, condition: unknown, caller: Caller) => Set<number>;

/** The relations a project adds to the user (`courseStatuses`, `goals`), and how to read and filter them for this request. */
interface Added {
  names: string[];
  read: (user: StoredUser, populate: Record<string, unknown>) => Record<string, unknown>;
  filter: RelatedFilter;
}

/**
 * `fields` (see selectUserFields), then `populate=role`, `populate=*`, `populate[role]=true`,
 * `populate[0]=role`: the user's role; a relation the project's src/extensions adds (`populate[courseStatuses][fields]`,
 * and each of them under `*`), read through the content engine; any other populate → 400.
 */
function withRole(search: string, caller?: Caller, added?: Added): (user: StoredUser) => unknown {
  const { populate, fields } = parseQueryString(search);
  const present = publicFields(selectUserFields(fields));
  if (populate === undefined) return present;
  // `populate[0][a]=b` is a list holding an object (with no prototype: String() of it throws).
  if (Array.isArray(populate) && !populate.every((item) => typeof item === 'string')) {
    throw new ValidationError('Invalid populate parameter. Expected a string, an array of strings, a populate object');
  }
  const keys = typeof populate === 'string' ? populate.split(',')
    : Array.isArray(populate) ? populate
      : isRecord(populate) ? Object.keys(populate) : [String(populate)];
  const names = added?.names ?? [];
  for (const key of keys) if (key !== 'role' && key !== '*' && !names.includes(key)) throw invalidKey(key, key, 'populate');
  const wanted = keys.includes('*') ? names : keys.filter((key) => names.includes(key));
  const asked = Object.fromEntries(wanted.map((key) => [key, isRecord(populate) && isRecord(populate[key]) ? populate[key] : true]));
  const relations = (user: StoredUser) => (added && wanted.length ? added.read(user, asked) : {});
  const roleFields = isRecord(populate) && isRecord(populate.role) ? selectRoleFields(populate.role.fields) : undefined;
  // Strapi's output sanitizer drops a populated role the caller may not read (a plain user; recorded: users.me.populate)
  if (!keys.includes('role') && !keys.includes('*')) return (user) => ({ ...present(user), ...relations(user) });
  if (caller && !caller.allows(UP.roleFind)) return (user) => ({ ...present(user), ...relations(user) });
  return (user) => ({ ...present(user), role: pick(roleOf(user), roleFields), ...relations(user) });
}

const ROUTES: Route[] = [
  { method: 'POST', path: '/auth/local', scope: UP.callback, limited: true, run: ({ auth, body }) => login(auth, body) },
  // OAuth providers (Strapi's grant settings): none can be enabled here, so a connect or a provider's callback is Strapi's
  // answer for a disabled provider; `local`'s callback is the sign-in (Strapi maps it to the always enabled email provider).
  { method: 'GET', path: '/connect/:provider', scope: UP.connect, limited: true, run: disabledProvider },
  {
    method: 'GET', path: '/auth/:provider/callback', scope: UP.callback,
    run: (input) => (input.params[0] === 'local' ? login(input.auth, input.body) : disabledProvider()),
  },
  { method: 'POST', path: '/auth/local/register', scope: UP.register, limited: true, run: ({ auth, body }) => register(auth, body) },
  {
    method: 'POST', path: '/auth/forgot-password', scope: UP.forgotPassword, limited: true,
    run: ({ auth, body }) => forgotPassword(auth, body),
  },
  {
    method: 'POST', path: '/auth/reset-password', scope: UP.resetPassword, limited: true,
    run: ({ auth, body }) => resetPassword(auth, body),
  },
  {
    method: 'POST', path: '/auth/change-password', scope: UP.changePassword, limited: true,
    run: ({ auth, caller, body }) => changePassword(auth, caller, body),
  },
  // Session routes exist only in Strapi's jwtManagement 'refresh' mode; in the default mode they answer 404 (recorded: users.logout)
  { method: 'POST', path: '/auth/logout', scope: 'plugin::users-permissions.auth.logout', run: () => { throw new NotFoundError(); } },
  { method: 'POST', path: '/auth/refresh', scope: 'plugin::users-permissions.auth.refresh', run: () => { throw new NotFoundError(); } },
  {
    // the caller's user first: a token (no user) is Strapi's 401 whatever the query says (recorded: auth.users.me.goals.token)
    method: 'GET', path: '/users/me', scope: UP.me,
    run: ({ auth, caller, search, added }) => { const user = me(auth, caller); return withRole(search, caller, added)(user); },
  },
  {
    method: 'GET', path: '/users/count', scope: UP.userCount,
    run: ({ auth, search, added }) => countUsers(auth.users.all(), parseQueryString(search), added?.filter),
  },
  {
    method: 'GET', path: '/users', scope: UP.userFind,
    run: ({ auth, search, added }) =>
      queryUsers(auth.users.all(), parseQueryString(search), added?.filter).map(withRole(search, undefined, added)),
  },
  {
    method: 'GET', path: '/users/:id', scope: UP.userFindOne,
    // Strapi answers an unknown id with an empty body (Koa's 204 for `ctx.body = null`).
    run: ({ auth, params, search, added }) => {
      const user = /^\d+$/.test(params[0]) ? auth.users.byId(Number(params[0])) : undefined;
      return user ? withRole(search, undefined, added)(user) : undefined;
    },
  },
  {
    // Strapi's user update (granted to no role by default): the user's own fields and role, answered with the role
    method: 'PUT', path: '/users/:id', scope: UP.userUpdate,
    run: async ({ auth, caller, params, body, links }) => {
      refuseUserRelations(auth, body, !!links);
      const user = await updateUser(auth, params[0], body, links && isRecord(body) ? (stored) => links(stored, body) : undefined);
      return caller.allows(UP.roleFind) ? { ...sanitizeUser(user), role: roleOf(user) } : sanitizeUser(user);
    },
  },
  {
    // every permission Strapi knows, none enabled (the admin's list to build a role from)
    method: 'GET', path: '/users-permissions/permissions', scope: 'plugin::users-permissions.permissions.getPermissions',
    run: ({ auth }) => ({ permissions: permissionTree(auth.models, () => false, auth.customActions) }),
  },
  { method: 'GET', path: '/users-permissions/roles', scope: UP.roleFind, run: ({ auth }) => ({ roles: listRoles(auth.users.all()) }) },
  {
    method: 'GET', path: '/users-permissions/roles/:id', scope: UP.roleFindOne,
    run: ({ auth, params }) => {
      const role = /^\d+$/.test(params[0]) ? findRole(auth.config, auth.models, Number(params[0]), auth.customActions) : undefined;
      if (!role) throw new NotFoundError('Role not found');
      return { role };
    },
  },
];

/**
 * A relation the project's src/extensions adds to the user is written from the user's side only when the user owns it
 * (`goals`, a one-way relation, kept with the user in the auth state); the other side of a relation a project type owns
 * (`courseStatuses`) is written on that type. A body naming one that cannot be written is refused before anything is.
 */
function refuseUserRelations(auth: Auth, body: unknown, canLink: boolean): void {
  const attributes = auth.models.get(USER_UID)?.attributes ?? {};
  const named = isRecord(body) ? Object.keys(body).filter((key) => key !== 'role' && attributes[key]?.type === 'relation'
    && (!canLink || !!attributes[key].mappedBy)) : [];
  if (named.length) {
    throw new ValidationError(`${named.join(', ')} cannot be written here: a user keeps its own fields, role and one-way relations`,
      { errors: named.map((key) => ({ path: [key], message: `${key} cannot be written here`, name: 'ValidationError' })) });
  }
}

function disabledProvider(): never {
  throw new ApplicationError('This provider is disabled');
}

/** A path segment decoded as koa-router does: malformed percent-encoding (`%ZZ`, `%`) stays as written. */
function safeDecode(segment: string): string {
  try { return decodeURIComponent(segment); } catch { return segment; }
}

/** Route params when `path` fits `pattern` (`/users/:id`), else undefined. */
function match(pattern: string, path: string): string[] | undefined {
  const want = pattern.split('/'), have = path.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) { if (!have[i]) return undefined; params.push(safeDecode(have[i])); }
    else if (want[i] !== have[i]) return undefined;
  }
  return params;
}

/**
 * The users-permissions routes (notes §9.2) as a function: route → authenticate → authorize (the
 * route's scope) → rate limit → action. Undefined when the path is none of them.
 *
 * @example
 * await handleUsersPermissions(auth, { method: 'GET', path: '/users/me', search: '', caller, client: '127.0.0.1' })
 */
export async function handleUsersPermissions(auth: Auth, request: UsersPermissionsRequest): Promise<UsersPermissionsResponse | undefined> {
  const method = request.method.toUpperCase();
  // ROUTES lists fixed paths before patterns, so `/users/me` is never taken for `/users/:id`.
  const candidates = ROUTES.map((route) => ({ route, params: match(route.path, request.path) })).filter((entry) => entry.params);
  if (!candidates.length) return undefined;
  const found = candidates.find((entry) => entry.route.method === method);
  if (!found) throw new MethodNotAllowedError([...new Set(candidates.map((entry) => entry.route.method))]);
  const { route, params } = found;
  const body = await request.readBody();
  const caller = request.caller();
  if (!caller.allows(route.scope)) throw new ForbiddenError();
  if (route.limited) await auth.limiter.hit(rateLimitKey(route.path, body, request.client));
  // Sign-in, register and reset read users another replica may have added a moment ago.
  if (route.limited) await catchUpOrUnavailable(auth.store);
  const { relations, relationFilter } = request;
  const names = Object.entries(auth.models.get(USER_UID)?.attributes ?? {})
    .filter(([name, attribute]) => name !== 'role' && attribute.type === 'relation').map(([name]) => name);
  const filter: RelatedFilter = (key, condition) => {
    if (!relationFilter || !names.includes(key)) return undefined;
    const ids = relationFilter(key, condition, caller);
    return (user) => ids.has(user.id);
  };
  const added = relations && names.length
    ? { names, filter, read: (user: StoredUser, populate: Record<string, unknown>) => relations(user, populate, caller) }
    : undefined;
  const answer = await route.run({ auth, caller, params: params!, body, search: request.search, added, links: request.links });
  return { status: answer === undefined ? 204 : 200, body: answer };
}

/** The routes' methods and paths (after the API prefix), for the list of built-in routes (core/http/builtin-routes.ts). */
export const USERS_PERMISSIONS_PATHS: ReadonlyArray<{ method: string; path: string }> =
  ROUTES.map(({ method, path }) => ({ method, path }));
