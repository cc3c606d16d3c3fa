import { describe, expect, it } from 'vitest';
import { authenticatedCaller, publicCaller } from '../../core/access/permissions.js';
import { scopeId } from '../../core/access/fingerprint.js';
import { isReadScope, scopeOf } from '../../core/access/scopes.js';
import { durationSeconds, issueJwt, verifyJwt } from '../../core/auth/jwt.js';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import { tokenCaller } from '../../core/auth/authenticate.js';
import { bearerToken } from '../../core/auth/bearer.js';
import { resolveConfig } from '../../core/config/load.js';
import { FileError } from '../../core/errors.js';
import { authSite, bearer } from './helpers.js';

const article = { uid: 'api::article.article', pluralName: 'articles', singularName: 'article' } as never;
const file = { uid: 'plugin::upload.file', pluralName: 'files', singularName: 'file' } as never;

describe('scopes', () => {
  it.each([
    [article, 'find', 'api::article.article.find'],
    [article, 'delete', 'api::article.article.delete'],
    [file, 'create', 'plugin::upload.content-api.upload'],
    [file, 'upload', 'plugin::upload.content-api.upload'],
    [file, 'delete', 'plugin::upload.content-api.destroy'],
    [file, 'find', 'plugin::upload.content-api.find'],
  ])('scopeOf(%o, %s) is %s', (model, action, scope) => {
    expect(scopeOf(model as never, action)).toBe(scope);
  });

  it.each([
    ['api::article.article.find', true],
    ['api::article.article.findOne', true],
    ['plugin::users-permissions.user.find', true],
    ['api::article.article.create', false],
    ['plugin::users-permissions.user.me', false],
    ['plugin::users-permissions.user.count', false],
  ])('isReadScope(%s) is %s', (scope, expected) => {
    expect(isReadScope(scope)).toBe(expected);
  });

  it.each([
    ['read-only', [], 'find', true],
    ['read-only', [], 'update', false],
    ['full-access', [], 'delete', true],
    ['custom', ['api::article.article.update'], 'update', true],
    ['custom', ['api::article.article.update'], 'find', false],
  ] as const)('a %s token with %o may %s: %s', (type, permissions, action, expected) => {
    expect(tokenCaller({ name: 't', type, permissions: [...permissions] }).can(article, action)).toBe(expected);
  });

  it('grants roles by uid, plural or singular, and the users-permissions defaults', () => {
    const config = resolveConfig({ permissions: { public: { articles: ['find'] },
      authenticated: { article: ['update'], 'plugin::users-permissions.user': ['find'] } } });
    const anonymous = publicCaller(config);
    expect(anonymous.can(article, 'find')).toBe(true);
    expect(anonymous.can(article, 'update')).toBe(false);
    expect(anonymous.allows('plugin::users-permissions.auth.register')).toBe(true);
    expect(anonymous.allows('plugin::users-permissions.user.me')).toBe(false);
    const user = authenticatedCaller(config, { id: 1, username: 'ada' });
    expect(user).toMatchObject({ kind: 'user', name: 'ada', userId: 1 });
    expect(user.can(article, 'update')).toBe(true);
    expect(user.can(article, 'find')).toBe(false);
    expect(user.allows('plugin::users-permissions.user.me')).toBe(true);
    expect(user.allows('plugin::users-permissions.user.find')).toBe(true);
    expect(user.allows('plugin::users-permissions.auth.register')).toBe(false);
  });
});

describe('the Bearer key of an Authorization header', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['  Bearer   abc  ', 'abc'],
    ['Bearer\tabc', 'abc'],
    ['Bearer abc def', undefined],
    ['Bearer ', undefined],
    ['Bearer', undefined],
    ['Basic abc', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, key) => {
    expect(bearerToken(header)).toBe(key);
  });
});

describe('read scope ids (answer-cache keys)', () => {
  it('gives one fingerprint one short id, another fingerprint another, and never the anonymous scope', () => {
    const reader = 'api::article.article:11|api::tag.tag:00|unit-test-a';
    const writer = 'api::article.article:11|api::tag.tag:11|unit-test-a';
    expect(scopeId(reader)).toBe(scopeId(`${reader}`));
    expect(scopeId(reader)).not.toBe(scopeId(writer));
    for (const id of [scopeId(reader), scopeId(writer), scopeId('')]) {
      expect(id).not.toBe('');
      expect(id.length).toBeLessThan(reader.length);
    }
  });
});

describe('JWT (HS256)', () => {
  const secret = 'unit-secret';
  it('round-trips { id, iat, exp }', () => {
    const jwt = issueJwt(7, secret, '2h', 1_000_000);
    expect(verifyJwt(jwt, secret, 1_000_000)).toEqual({ id: 7, iat: 1000, exp: 1000 + 7200 });
  });

  it.each([
    ['another secret', (jwt: string) => jwt, 'other', 1_000_000],
    ['expiry reached', (jwt: string) => jwt, secret, 1_000_000 + 7_200_000],
    ['two parts', (jwt: string) => jwt.split('.').slice(0, 2).join('.'), secret, 1_000_000],
    ['garbage', () => 'not.a.jwt', secret, 1_000_000],
  ])('refuses %s', (_label, change, key, now) => {
    expect(verifyJwt(change(issueJwt(7, secret, '2h', 1_000_000)), key, now)).toBeUndefined();
  });

  it.each([['30d', 2_592_000], ['12h', 43_200], ['15m', 900], ['90', 90], [60, 60]])('durationSeconds(%s) is %i', (value, seconds) => {
    expect(durationSeconds(value)).toBe(seconds);
  });
});

describe('passwords (scrypt)', () => {
  it('verifies the right password only, with a fresh salt per hash', async () => {
    const stored = await hashPassword('pässword');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('pässword', stored)).toBe(true);
    expect(await verifyPassword('password', stored)).toBe(false);
    expect(await hashPassword('pässword')).not.toBe(stored);
  });

  it.each(['', 'bcrypt$x', 'scrypt$a$b$c$d$e', 'scrypt$16384$8$1$c2FsdA==$c2hvcnQ='])('answers false for the malformed hash %j',
    async (stored) => {
    expect(await verifyPassword('x', stored)).toBe(false);
  });
});

describe('config: roles and auth', () => {
  it('defaults to private roles, open registration, 30-day JWTs and 10 auth requests a minute', () => {
    const config = resolveConfig({});
    expect(config.permissions).toEqual({ public: {}, authenticated: {} });
    expect(config.auth).toEqual({ register: true, jwtExpiresIn: '30d', rateLimit: { enabled: true, interval: 60_000, max: 10 } });
  });

  it.each([
    [{ permissions: { authenticated: { articles: ['find', 'publish all'] } } },
      'permissions.authenticated.articles must be a list of find, findOne, create, update, delete or controller actions'],
    [{ permissions: { public: { 'plugin::users-permissions.user': ['delete'] } } },
      'permissions.public.plugin::users-permissions.user must be a list of find, findOne, count, me'],
    [{ auth: { register: 'yes' } }, 'auth.register must be true or false'],
    [{ auth: { jwtExpiresIn: '1 week' } }, 'auth.jwtExpiresIn must be seconds or a duration such as "30d", "12h", "15m"'],
    [{ auth: { rateLimit: { max: 0 } } }, 'auth.rateLimit must be { enabled: boolean, interval: ms, max: requests }'],
    [{ auth: { apiTokenSalt: 'short' } }, 'auth.apiTokenSalt must be a string of at least 16 characters'],
    [{ state: { url: 'mysql://db/cms' } }, 'state.url must be a postgres:// or postgresql:// URL, or false'],
    [{ state: { url: true } }, 'state.url must be a postgres:// or postgresql:// URL, or false'],
    [{ state: 'postgres://db/cms' }, 'state must be an object such as { "url": "postgres://…" }'],
    [{ state: { reconnectInterval: 0 } }, 'state.reconnectInterval must be a number of seconds'],
    [{ state: { uri: 'postgres://db/cms' } }, 'state.uri is not a known setting (did you mean "url"?)'],
    [{ server: { unreadBodyLinger: 0 } }, 'server.unreadBodyLinger must be a number of seconds'],
    [{ server: { unreadBodyLinger: '5s' } }, 'server.unreadBodyLinger must be a number of seconds'],
    [{ server: { unreadBodyLinger: 3_000_000 } }, 'server.unreadBodyLinger must be a number of seconds'],
    [{ state: { reconnectInterval: Infinity } }, 'state.reconnectInterval must be a number of seconds'],
    [{ git: { forwardMargin: 2_147_484 } }, 'git.forwardMargin must be a number of seconds, or false'],
  ])('rejects %j', (raw, message) => {
    expect(() => resolveConfig(raw as never)).toThrow(FileError);
    expect(() => resolveConfig(raw as never)).toThrow(message);
  });

  it('accepts upload actions under a plugin key', () => {
    expect(resolveConfig({ permissions: { public: { 'plugin::upload.content-api': ['upload', 'find'] } } }).permissions.public)
      .toEqual({ 'plugin::upload.content-api': ['upload', 'find'] });
  });
});

describe('API token bookkeeping', () => {
  it('records lastUsedAt at first use, at most hourly', async () => {
    const site = await authSite();
    const before = site.cms.auth.tokens.list().find((token) => token.name === 'reader')!;
    expect(before.lastUsedAt).toBeNull();
    await site.getJson('/api/articles', { headers: bearer(site.keys.readOnly) });
    const used = site.cms.auth.tokens.list().find((token) => token.name === 'reader')!.lastUsedAt;
    expect(used).not.toBeNull();
    await site.getJson('/api/articles', { headers: bearer(site.keys.readOnly) });
    expect(site.cms.auth.tokens.list().find((token) => token.name === 'reader')!.lastUsedAt).toBe(used);
  });
});
