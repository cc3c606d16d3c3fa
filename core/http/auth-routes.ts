import { handleUsersPermissions } from '../auth/users-permissions-api.js';
import { RateLimitError } from '../auth/rate-limit.js';
import type { StoredUser } from '../auth/state-store.js';
import type { Cms } from '../cms.js';
import { resolveRelationInput } from '../schema/relation-input.js';
import { USER_UID } from '../schema/user-model.js';
import { readBody } from './body.js';
import { requestClient } from './client-address.js';
import type { ExtensionRoute } from './route-context.js';
import { ROUTE_PATHS } from './route-paths.js';
import { json, statusText } from './respond.js';

/**
 * The one-way relations a user update sets (`goals: [ids]`, `{ connect, disconnect, set }`), resolved as a content
 * write resolves them (unknown documents are a 400), against the links the user holds: name → documentIds.
 */
function userLinks(cms: Cms, user: StoredUser, body: Record<string, unknown>): Record<string, string[]> {
  const model = cms.models.get(USER_UID);
  // a project whose schemas never name the user has no user model: nothing to link
  if (!model) return {};
  const ctx = { index: cms.index, locale: null, documentId: user.documentId, mode: 'update' as const, enforceConstraints: true };
  const owned = Object.keys(body).filter((name) => name !== 'role' && model.attributes[name]?.type === 'relation'
    && !model.attributes[name].mappedBy);
  return Object.fromEntries(owned.map((name) => {
    const attribute = model.attributes[name];
    const next = resolveRelationInput(ctx, attribute, attribute.target!, body[name], user.links?.[name] ?? [], name);
    return [name, [next].flat().filter((documentId): documentId is string => typeof documentId === 'string')];
  }));
}

/**
 * Strapi's users-permissions routes over HTTP: `/api/auth/*`, `/api/connect/*`, `/api/users*`,
 * `/api/users-permissions/roles*`. Bodies are bare JSON (no `{data}` envelope); errors are thrown
 * to the app, which writes Strapi's error envelope.
 */
export const authRoutes: ExtensionRoute = async ({ request, url, cms, headers }) => {
  const prefix = cms.config.api.rest.prefix;
  if (!ROUTE_PATHS.auth(url.pathname, prefix)) return undefined;
  const path = url.pathname.slice(prefix.length);
  let result;
  try {
    result = await handleUsersPermissions(cms.auth, {
      method: request.method,
      path,
      search: url.search,
      readBody: () => readBody(request),
      caller: () => cms.contentApi.callerFor(request.headers.get('authorization')),
      client: requestClient(cms, request),
      relations: (user, populate, caller) => {
        // the user's row in the index (core/auth/user-rows.ts), populated by the content engine for the caller
        const [row] = cms.service.findMany(cms.models.get(USER_UID)!, { filters: { id: { $eq: user.id } }, populate }, caller, false);
        return Object.fromEntries(Object.entries(row ?? {}).filter(([key]) => Object.hasOwn(populate, key)));
      },
      relationFilter: (key, condition, caller) => new Set(cms.service.findMany(cms.models.get(USER_UID)!, {
        filters: { [key]: condition }, fields: ['username'],
      }, caller, false).map((row) => Number(row.id))),
      links: (user, body) => userLinks(cms, user, body),
    });
  } catch (error) {
    if (error instanceof RateLimitError) headers['retry-after'] = String(error.retryAfter);
    throw error;
  }
  if (!result) return undefined;
  if (result.body === undefined) return new Response(null, { status: result.status, statusText: statusText(result.status), headers });
  return json(result.status, result.body, headers);
};
