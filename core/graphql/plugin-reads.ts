import { listRoles } from '../auth/roles.js';
import type { StoredUser } from '../auth/state-store.js';
import { queryUsers, roleOf } from '../auth/user-query.js';
import { sanitizeUser } from '../auth/users.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { keptLocales } from '../index/kept-ids.js';
import type { RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import { localeAddedAt } from '../strapi/locale-times.js';
import { LIST_LOCALES_SCOPE, listLocales } from '../strapi/locales.js';
import type { GraphqlContext } from './context.js';
import { FORBIDDEN_ACCESS } from './errors.js';
import { sliceWindow, type Window } from './pagination.js';
import { I18N_LOCALE, REVIEW_WORKFLOW, REVIEW_WORKFLOW_STAGE, UP_ROLE, UP_USER } from './plugin-models.js';

/**
 * The plugin types this CMS keeps outside the content index, as GraphQL list types (`usersPermissionsUsers`,
 * `usersPermissionsRoles`, `i18NLocales`: the list, its `_connection`, one by documentId). Users live in the auth state:
 * each read goes through the same query core as `GET /api/users` (core/auth/user-query.ts: its filters, sort, never a
 * private field) behind the same scopes (`user.find`, `role.find`, …); roles are the rows of
 * `GET /api/users-permissions/roles`; locales those of `GET /api/i18n/locales`, behind its `listLocales` scope, as the
 * i18n plugin's resolvers config asks. This CMS has no review workflows: their lists are empty, as a Strapi project's
 * with none configured (their mutations stay refused: access.ts).
 */
const WORKFLOW_UIDS = [REVIEW_WORKFLOW.uid, REVIEW_WORKFLOW_STAGE.uid];
export const readsOutsideIndex = (model: Model): boolean =>
  [UP_USER.uid, UP_ROLE.uid, I18N_LOCALE.uid, ...WORKFLOW_UIDS].includes(model.uid);

type Row = Record<string, unknown>;

/** A user as the GraphQL type reads it: the sanitized user with its role (the relation's resolver checks `role.find`). */
const userRow = (user: StoredUser): Row => ({ ...sanitizeUser(user), role: roleOf(user) });

function roleRows(users: StoredUser[]): Row[] {
  return listRoles(users).map(({ nb_users: _count, ...role }) => ({
    ...role, users: users.filter((user) => user.role === role.type).map((user) => ({ ...sanitizeUser(user), role })),
  }));
}

const ROLE_KEYS = ['id', 'documentId', 'name', 'description', 'type', 'createdAt', 'updatedAt'];
const LOCALE_KEYS = ['id', 'documentId', 'name', 'code', 'createdAt', 'updatedAt', 'publishedAt'];

/** Roles and locales are a few fixed rows: sorted by their own fields; a filter on them is refused rather than ignored. */
function sortRows(rows: Row[], raw: RawQuery, sortable: string[]): Row[] {
  if (raw.filters !== undefined) throw new ValidationError('Filters on this plugin type are not supported by this CMS');
  const keys = (Array.isArray(raw.sort) ? raw.sort : raw.sort === undefined ? [] : [raw.sort]).map((entry) => {
    const [key, order = 'asc'] = String(entry).split(':');
    if (!sortable.includes(key)) {
      throw new ValidationError(`Invalid key ${key}`);
    }
    return { key, sign: order.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return [...rows].sort((a, b) => {
    for (const { key, sign } of keys) {
      const left = String(a[key] ?? ''), right = String(b[key] ?? '');
      if (left !== right) return left < right ? -sign : sign;
    }
    return Number(a.id) - Number(b.id);
  });
}

function allowed(context: GraphqlContext, model: Model, action: 'find' | 'findOne'): void {
  const allows = model.uid === I18N_LOCALE.uid ? context.caller.allows(LIST_LOCALES_SCOPE) : context.caller.can(model, action);
  if (!allows) throw new ForbiddenError(FORBIDDEN_ACCESS);
}

async function localeRows(context: GraphqlContext): Promise<Row[]> {
  const { cms } = context;
  const kept = keptLocales(cms.models);
  const addedAt = await localeAddedAt(cms.root, cms.config, cms.config.locales.filter((code) => !kept[code]));
  return listLocales(cms.config, kept, addedAt);
}

async function rows(context: GraphqlContext, model: Model, raw: RawQuery): Promise<Row[]> {
  if (model.uid === I18N_LOCALE.uid) return sortRows(await localeRows(context), raw, LOCALE_KEYS);
  if (WORKFLOW_UIDS.includes(model.uid)) return [];
  const users = context.cms.auth.users.all();
  if (model.uid === UP_ROLE.uid) return sortRows(roleRows(users), raw, ROLE_KEYS);
  return queryUsers(users, { filters: raw.filters, sort: raw.sort }).map(userRow);
}

/** A list in the plugin's window, with its total. */
export async function pluginList(
  context: GraphqlContext, model: Model, raw: RawQuery, window: Window,
): Promise<{ data: Row[]; total: number }> {
  allowed(context, model, 'find');
  const all = await rows(context, model, raw);
  return { data: sliceWindow(all, window), total: all.length };
}

/** One user, role or locale by its documentId, or null. */
export async function pluginOne(context: GraphqlContext, model: Model, documentId: string): Promise<Row | null> {
  allowed(context, model, 'findOne');
  return (await rows(context, model, {})).find((row) => row.documentId === documentId) ?? null;
}
