import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, errorBody, type AuthSite } from '../auth/helpers.js';

/**
 * Issue 11, Low: `/api/users/%ZZ`, `/api/users/%` and `/api/users-permissions/roles/%ZZ` answered
 * 500 to anyone (decodeURIComponent threw), and `GET /api/users?populate[0][a]=b` with a read-only
 * token answered 500. Real Strapi 5.54: koa-router keeps a malformed segment as written, so these
 * paths behave as any unknown id (anonymous GET 403; with a full-access token GET /users/%ZZ 204,
 * GET /users-permissions/roles/%ZZ 404 "Role not found"); the populate is 400 "Invalid populate
 * parameter. Expected a string, an array of strings, a populate object".
 */

let site: AuthSite;
beforeAll(async () => {
  site = await authSite();
});

const send = async (method: string, path: string, headers: Record<string, string> = {}) => {
  const response = await site.request(
    path, { method, headers: { 'content-type': 'application/json', ...headers }, body: method === 'GET' ? undefined : '{}' },
  );
  const text = await response.text();
  return { status: response.status, body: text };
};

describe('malformed percent-encoding in users-permissions paths is an unknown id, never a 500', () => {
  const cases = ['GET', 'PUT', 'DELETE', 'POST'].flatMap((method) => [
    [method, '/api/users/%ZZ', '/api/users/abc'],
    [method, '/api/users/%', '/api/users/abc'],
    [method, '/api/users-permissions/roles/%ZZ', '/api/users-permissions/roles/abc'],
  ]);

  it.each(cases)('anonymous %s %s answers as %s does', async (method, path, same) => {
    const answer = await send(method, path);
    expect(answer.status).toBeLessThan(500);
    expect(answer).toEqual(await send(method, same));
  });

  it('anonymous GET is 403, as Strapi answers', async () => {
    expect((await send('GET', '/api/users/%ZZ')).status).toBe(403);
  });

  it('with a full-access token: GET /users/%ZZ is 204, GET /users-permissions/roles/%ZZ is 404 Role not found', async () => {
    expect(await send('GET', '/api/users/%ZZ', bearer(site.keys.fullAccess))).toEqual({ status: 204, body: '' });
    const role = await send('GET', '/api/users-permissions/roles/%ZZ', bearer(site.keys.fullAccess));
    expect({ status: role.status, body: JSON.parse(role.body) })
      .toEqual({ status: 404, body: errorBody(404, 'NotFoundError', 'Role not found') });
  });
});

describe('GET /api/users populate', () => {
  it('a list holding an object (populate[0][a]=b) is Strapi\'s 400, not a 500', async () => {
    const { status, body } = await site.getJson('/api/users?populate[0][a]=b', { headers: bearer(site.keys.readOnly) });
    expect({ status, body }).toEqual({ status: 400, body: errorBody(400, 'ValidationError',
      'Invalid populate parameter. Expected a string, an array of strings, a populate object') });
  });

  it('a list of strings still populates the role', async () => {
    const { status, body } = await site.getJson('/api/users?populate[0]=role', { headers: bearer(site.keys.readOnly) });
    expect(status).toBe(200);
    expect(body[0].role).toMatchObject({ type: 'authenticated' });
  });
});
