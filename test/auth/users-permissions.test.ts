import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, errorBody, PASSWORD, type AuthSite } from './helpers.js';

/** JWT payload without checking the signature (tests only). */
const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
const USER_KEYS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt'];

let site: AuthSite;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => site.sendJson('POST', path, body, headers);

beforeAll(async () => {
  // The rate limit is tested on its own; here it would get in the way of many sign-ins.
  site = await authSite({ auth: { rateLimit: { enabled: false } } });
});

describe('POST /api/auth/local/register', () => {
  it('answers 200 { jwt, user } without an envelope, the user confirmed, in the Authenticated role', async () => {
    const { status, body } = await post('/api/auth/local/register',
      { username: 'grace', email: 'Grace@Example.com', password: 'hopper-1906' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['jwt', 'user']);
    expect(Object.keys(body.user)).toEqual(USER_KEYS);
    expect(body.user).toMatchObject({ username: 'grace', email: 'grace@example.com', provider: 'local', confirmed: true, blocked: false });
    const payload = payloadOf(body.jwt);
    expect(Object.keys(payload)).toEqual(['id', 'iat', 'exp']);
    expect(payload.id).toBe(body.user.id);
    expect(payload.exp - payload.iat).toBe(30 * 86_400);
    expect(site.cms.auth.users.byId(body.user.id)?.role).toBe('authenticated');
  });

  it('rejects keys other than username, email and password', async () => {
    const { status, body } = await post('/api/auth/local/register',
      { username: 'x', email: 'x@example.com', password: 'pw', role: 1, confirmed: true });
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, 'ValidationError', 'Invalid parameters: role, confirmed'));
  });

  it('collects every missing field into one ValidationError', async () => {
    const { status, body } = await post('/api/auth/local/register', {});
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toBe('3 errors occurred');
    expect(body.error.details.errors.map((error: { path: string[] }) => error.path)).toEqual([['email'], ['username'], ['password']]);
  });

  it('rejects an invalid email', async () => {
    const { body } = await post('/api/auth/local/register', { username: 'yves', email: 'not-an-email', password: 'password1' });
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'email must be a valid email' });
  });

  it('applies the user schema: username of 3 characters or more, password of 6 or more', async () => {
    const { body } = await post('/api/auth/local/register', { username: 'yv', email: 'yv@example.com', password: 'pw' });
    expect(body.error.message).toBe('2 errors occurred');
    expect(body.error.details.errors).toEqual([
      // yup reports the value it judged, a password's too
      // (recorded from Strapi 5.54: users.register.bad.email, users.register.short.password)
      { path: ['username'], message: 'username must be at least 3 characters', name: 'ValidationError', value: 'yv' },
      { path: ['password'], message: 'password must be at least 6 characters', name: 'ValidationError', value: 'pw' },
    ]);
  });

  it.each([
    ['the same email in other case', { username: 'someone', email: 'ADA@example.com' }],
    ['the same username', { username: 'ada', email: 'other@example.com' }],
    ['an email used as a username', { username: 'ada@example.com', email: 'new@example.com' }],
  ])('answers 400 ApplicationError when taken: %s', async (_label, fields) => {
    const { status, body } = await post('/api/auth/local/register', { ...fields, password: 'password1' });
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, 'ApplicationError', 'Email or Username are already taken'));
  });

  it('can be switched off in the config', async () => {
    const closed = await authSite({ auth: { register: false } });
    const { status, body } = await closed.sendJson('POST', '/api/auth/local/register',
      { username: 'z', email: 'z@example.com', password: 'pw' });
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, 'ApplicationError', 'Register action is currently disabled'));
  });
});

describe('POST /api/auth/local', () => {
  it.each([
    ['email', 'ada@example.com'], ['email in upper case', 'ADA@EXAMPLE.COM'], ['username', 'ada'],
  ])('signs in by %s', async (_label, identifier) => {
    const { status, body } = await post('/api/auth/local', { identifier, password: PASSWORD });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: site.user.id, username: 'ada' });
    expect(payloadOf(body.jwt).id).toBe(site.user.id);
  });

  it.each([
    ['a wrong password', 'ada', 'nope'], ['an unknown identifier', 'nobody', PASSWORD],
  ])('answers 400 Invalid identifier or password for %s', async (_label, identifier, password) => {
    const { status, body } = await post('/api/auth/local', { identifier, password });
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, 'ValidationError', 'Invalid identifier or password'));
  });

  it('answers 400 with the fields that are missing', async () => {
    const { body } = await post('/api/auth/local', { identifier: 'ada' });
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'password is a required field',
      details: { errors: [{ path: ['password'], message: 'password is a required field', name: 'ValidationError' }] } });
  });

  it('refuses a blocked user at sign-in, and their JWT afterwards (401 Invalid credentials)', async () => {
    const user = await site.cms.auth.users.add({ username: 'blocked', email: 'blocked@example.com', password: PASSWORD });
    const jwt = site.cms.auth.issueJwt(user);
    await site.cms.auth.users.edit(user.id, (stored) => { stored.blocked = true; });
    const login = await post('/api/auth/local', { identifier: 'blocked', password: PASSWORD });
    expect(login.body).toEqual(errorBody(400, 'ApplicationError', 'Your account has been blocked by an administrator'));
    const me = await site.getJson('/api/users/me', { headers: bearer(jwt) });
    expect(me.status).toBe(401);
    expect(me.body).toEqual(errorBody(401, 'UnauthorizedError', 'Invalid credentials'));
  });

  it('refuses an unconfirmed user', async () => {
    const user = await site.cms.auth.users.add({ username: 'pending', email: 'pending@example.com', password: PASSWORD });
    await site.cms.auth.users.edit(user.id, (stored) => { stored.confirmed = false; });
    const { body } = await post('/api/auth/local', { identifier: 'pending', password: PASSWORD });
    expect(body).toEqual(errorBody(400, 'ApplicationError', 'Your account email is not confirmed'));
  });

  it('answers a GET with 405', async () => {
    const response = await site.request('/api/auth/local');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('JWT checks on every request', () => {
  it.each([
    ['a tampered signature', () => `${site.jwt.slice(0, -4)}AAAA`],
    ['alg none', () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${site.jwt.split('.')[1]}.`],
    ['an expired token', () => {
      const [header] = site.jwt.split('.');
      return `${header}.${
        Buffer.from(JSON.stringify({ id: site.user.id, iat: 1, exp: 2 })).toString('base64url')}.${site.jwt.split('.')[2]}`;
    }],
  ])('answers 401 Missing or invalid credentials for %s', async (_label, make) => {
    const { status, body } = await site.getJson('/api/articles', { headers: bearer(make()) });
    expect(status).toBe(401);
    expect(body).toEqual(errorBody(401, 'UnauthorizedError', 'Missing or invalid credentials'));
  });

  it('answers 401 Invalid credentials when the JWT user no longer exists', async () => {
    const jwt = site.cms.auth.issueJwt({ id: 9999 });
    const { body } = await site.getJson('/api/articles', { headers: bearer(jwt) });
    expect(body).toEqual(errorBody(401, 'UnauthorizedError', 'Invalid credentials'));
  });
});

describe('GET /api/users/me', () => {
  it('answers the signed-in user, bare, without password or reset code', async () => {
    const { status, body } = await site.getJson('/api/users/me', { headers: bearer(site.jwt) });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(USER_KEYS);
    expect(body).toMatchObject({ id: site.user.id, username: 'ada', email: 'ada@example.com' });
  });

  it('leaves the role out of populate=role unless the caller may read roles (Strapi sanitizes it away; recorded: users.me.populate)', async () => {
    const { body } = await site.getJson('/api/users/me?populate=role', { headers: bearer(site.jwt) });
    expect(body.role).toBeUndefined();
    const bad = await site.getJson('/api/users/me?populate=password', { headers: bearer(site.jwt) });
    expect(bad.body).toEqual(errorBody(400, 'ValidationError', 'Invalid key password',
      { key: 'password', path: 'password', source: 'query', param: 'populate' }));
  });

  it.each([
    ['anonymous', {}, 403, 'ForbiddenError', 'Forbidden'],
    ['a read-only token (me is not a read scope)', 'readOnly', 403, 'ForbiddenError', 'Forbidden'],
    ['a full-access token (no user behind it)', 'fullAccess', 401, 'UnauthorizedError', 'Unauthorized'],
  ] as const)('answers %s with its status and error', async (_label, key, status, name, message) => {
    const headers = typeof key === 'string' ? bearer(site.keys[key]) : key;
    const response = await site.getJson('/api/users/me', { headers });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(errorBody(status, name, message));
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password and answers { jwt, user }', async () => {
    const user = await site.cms.auth.users.add({ username: 'changer', email: 'changer@example.com', password: PASSWORD });
    const jwt = site.cms.auth.issueJwt(user);
    const { status, body } = await post('/api/auth/change-password',
      { currentPassword: PASSWORD, password: 'a new one', passwordConfirmation: 'a new one' }, bearer(jwt));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: user.id, username: 'changer' });
    expect(typeof body.jwt).toBe('string');
    expect((await post('/api/auth/local', { identifier: 'changer', password: PASSWORD })).status).toBe(400);
    expect((await post('/api/auth/local', { identifier: 'changer', password: 'a new one' })).status).toBe(200);
  });

  it.each([
    ['a wrong current password', { currentPassword: 'wrong', password: 'new-password', passwordConfirmation: 'new-password' },
      'The provided current password is invalid'],
    ['the same password again', { currentPassword: PASSWORD, password: PASSWORD, passwordConfirmation: PASSWORD },
      'Your new password must be different than your current password'],
    ['a confirmation that differs', { currentPassword: PASSWORD, password: 'new-password', passwordConfirmation: 'new-passwort' },
      'Passwords do not match'],
    ['a new password under 6 characters', { currentPassword: PASSWORD, password: 'short', passwordConfirmation: 'short' },
      'password must be at least 6 characters'],
  ])('answers 400 for %s', async (_label, fields, message) => {
    const { status, body } = await post('/api/auth/change-password', fields, bearer(site.jwt));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError', message });
  });

  it('is forbidden without a user, and needs a user behind a full-access token', async () => {
    const fields = { currentPassword: PASSWORD, password: 'new-password', passwordConfirmation: 'new-password' };
    expect((await post('/api/auth/change-password', fields)).body).toEqual(errorBody(403, 'ForbiddenError', 'Forbidden'));
    expect((await post('/api/auth/change-password', fields, bearer(site.keys.fullAccess))).body)
      .toEqual(errorBody(400, 'ApplicationError', 'You must be authenticated to reset your password'));
  });
});

describe('forgot-password and reset-password', () => {
  it('answers { ok: true } whether or not the email exists', async () => {
    expect(await post('/api/auth/forgot-password', { email: 'nobody@example.com' })).toEqual({ status: 200, body: { ok: true } });
    expect(await post('/api/auth/forgot-password', { email: 'ada@example.com' })).toEqual({ status: 200, body: { ok: true } });
  });

  it('keeps the reset code in the local state, and the code resets the password once', async () => {
    const user = await site.cms.auth.users.add({ username: 'forgetful', email: 'forgetful@example.com', password: PASSWORD });
    await post('/api/auth/forgot-password', { email: 'Forgetful@example.com' });
    const code = site.cms.auth.users.byId(user.id)!.resetPasswordToken!;
    expect(code).toMatch(/^[0-9a-f]{128}$/);
    const mismatch = await post('/api/auth/reset-password', { code, password: 'fresh pw', passwordConfirmation: 'other' });
    // as Strapi 5.54 reports it: one of the body's errors (recorded: graphql up.resetPassword.mismatch)
    expect(mismatch.body).toEqual(errorBody(400, 'ValidationError', 'Passwords do not match', {
      errors: [{ path: ['passwordConfirmation'], message: 'Passwords do not match', name: 'ValidationError', value: 'other' }],
    }));
    const reset = await post('/api/auth/reset-password', { code, password: 'fresh pw', passwordConfirmation: 'fresh pw' });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: user.id });
    expect((await post('/api/auth/local', { identifier: 'forgetful', password: 'fresh pw' })).status).toBe(200);
    const again = await post('/api/auth/reset-password', { code, password: 'another pw', passwordConfirmation: 'another pw' });
    expect(again.body).toEqual(errorBody(400, 'ValidationError', 'Incorrect code provided'));
  });

  it('rejects unknown keys and a missing email', async () => {
    const { body } = await post('/api/auth/forgot-password', { email: 'a@example.com', extra: 1 });
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'this field has unspecified keys: extra' });
    expect((await post('/api/auth/forgot-password', {})).body.error.message).toBe('email is a required field');
  });
});
