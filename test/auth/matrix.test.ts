import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATED_GRANTS, authSite, bearer, CUSTOM_SCOPES, errorBody, PUBLIC_GRANTS, TEST_ENV, type AuthSite } from './helpers.js';

/**
 * The whole access matrix of notes §9.3: every sample content type × every route action × every
 * kind of caller, through the real app, each caller row on its own copy of the sample site.
 */
type Action = 'find' | 'findOne' | 'create' | 'update' | 'delete';

interface TypeCase {
  uid: string;
  path: string;
  single: boolean;
  /** A valid body for create / update (unique names where the schema wants them). */
  body: (n: number) => Record<string, unknown>;
}

const TYPES: TypeCase[] = [
  { uid: 'api::article.article', path: 'articles', single: false, body: (n) => ({ title: `Matrix article ${n}` }) },
  { uid: 'api::author.author', path: 'authors', single: false, body: (n) => ({ name: `Matrix author ${n}` }) },
  { uid: 'api::category.category', path: 'categories', single: false, body: (n) => ({ name: `Matrix category ${n}` }) },
  { uid: 'api::tag.tag', path: 'tags', single: false, body: (n) => ({ name: `Matrix tag ${n}` }) },
  { uid: 'api::global.global', path: 'global', single: true, body: (n) => ({ siteName: `Matrix site ${n}` }) },
  { uid: 'api::about.about', path: 'about', single: true, body: (n) => ({ title: `Matrix about ${n}` }) },
];

const ACTIONS: Action[] = ['find', 'findOne', 'create', 'update', 'delete'];
const plural: Record<string, string> = { 'api::article.article': 'articles', 'api::author.author': 'authors',
  'api::category.category': 'categories', 'api::tag.tag': 'tags', 'api::global.global': 'globals', 'api::about.about': 'abouts' };

/** Does a role's grant table (keys by uid, plural or singular) allow this? */
const granted = (grants: Record<string, string[]>, uid: string, action: Action) =>
  [uid, plural[uid], uid.split('.').pop()!].some((key) => grants[key]?.includes(action));

type Outcome = 'allowed' | 403 | 'missing' | 'expired';

interface CallerCase {
  name: string;
  headers: (site: AuthSite) => Record<string, string>;
  /** The site's Public role (the "no credentials" row runs on a site whose Public role has nothing). */
  publicGrants?: Record<string, string[]>;
  outcome: (uid: string, action: Action) => Outcome;
}

const CALLERS: CallerCase[] = [
  { name: 'no credentials (private by default)', publicGrants: {}, headers: () => ({}), outcome: () => 403 },
  { name: 'public', headers: () => ({}), outcome: (uid, action) => (granted(PUBLIC_GRANTS, uid, action) ? 'allowed' : 403) },
  { name: 'non-Bearer Authorization (anonymous)', headers: () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
    outcome: (uid, action) => (granted(PUBLIC_GRANTS, uid, action) ? 'allowed' : 403) },
  { name: 'bad token', headers: () => bearer('0'.repeat(256)), outcome: () => 'missing' },
  { name: 'expired token', headers: (site) => bearer(site.keys.expired), outcome: () => 'expired' },
  { name: 'read-only token', headers: (site) => bearer(site.keys.readOnly),
    outcome: (_uid, action) => (action === 'find' || action === 'findOne' ? 'allowed' : 403) },
  { name: 'full-access token', headers: (site) => bearer(site.keys.fullAccess), outcome: () => 'allowed' },
  { name: 'custom token', headers: (site) => bearer(site.keys.custom),
    outcome: (uid, action) => (CUSTOM_SCOPES.includes(`${uid}.${action}`) ? 'allowed' : 403) },
  { name: 'authenticated user (JWT)', headers: (site) => bearer(site.jwt),
    outcome: (uid, action) => (granted(AUTHENTICATED_GRANTS, uid, action) ? 'allowed' : 403) },
  { name: 'CMS_API_TOKEN from the environment', headers: () => bearer(TEST_ENV.CMS_API_TOKEN), outcome: () => 'allowed' },
];

const SUCCESS: Record<Action, number> = { find: 200, findOne: 200, create: 201, update: 200, delete: 204 };

describe.each(CALLERS)('$name', (caller) => {
  let site: AuthSite;
  let counter = 0;
  beforeAll(async () => {
    site = await authSite({ publicGrants: caller.publicGrants });
  });

  const cells = TYPES.flatMap((type) => ACTIONS
    .filter((action) => !(type.single && (action === 'findOne' || action === 'create'))).map((action) => ({ type, action })));

  it.each(cells)('$type.path $action', async ({ type, action }) => {
    const owner = site.cms.documents(type.uid);
    // Targets: an existing document to read or update; a fresh one to delete, so reads stay stable.
    const existing = type.single ? undefined : (await owner.findMany({ pagination: { pageSize: 1 } } as never))[0];
    const target = action === 'delete' && !type.single ? await owner.create({ data: type.body(1000 + ++counter) } as never) : existing;
    const path = `/api/${type.path}${type.single || action === 'find' || action === 'create' ? '' : `/${target!.documentId}`}`;
    const method = { find: 'GET', findOne: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' }[action];
    const headers = { 'content-type': 'application/json', ...caller.headers(site) };
    const body = method === 'POST' || method === 'PUT' ? JSON.stringify({ data: type.body(++counter) }) : undefined;
    const response = await site.request(path, { method, headers, body });
    const text = await response.text();
    const json = text ? JSON.parse(text) : undefined;
    const outcome = caller.outcome(type.uid, action);

    if (outcome === 'missing') {
      expect(response.status).toBe(401);
      expect(json).toEqual(errorBody(401, 'UnauthorizedError', 'Missing or invalid credentials'));
    } else if (outcome === 'expired') {
      expect(response.status).toBe(401);
      expect(json).toEqual(errorBody(401, 'UnauthorizedError', 'Token expired'));
    } else if (outcome === 403) {
      expect(response.status).toBe(403);
      expect(json).toEqual(errorBody(403, 'ForbiddenError', 'Forbidden'));
    } else {
      expect(response.status, text).toBe(SUCCESS[action]);
      if (action === 'delete') expect(text).toBe('');
      else {
        expect(Object.keys(json)).toEqual(['data', 'meta']);
        if (action === 'find' && !type.single) {
          expect(Array.isArray(json.data)).toBe(true);
          expect(json.meta.pagination).toMatchObject({ page: 1, pageSize: 25 });
        } else {
          expect(json.meta).toEqual({});
          expect(json.data.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
        }
        if (action === 'findOne' || (action === 'update' && !type.single)) expect(json.data.documentId).toBe(target!.documentId);
      }
    }
  });
});
