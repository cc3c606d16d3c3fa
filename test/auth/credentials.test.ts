import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueJwt } from '../../core/auth/jwt.js';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { bearer, TEST_ENV, writeConfig } from './helpers.js';

/** A sample copy served by the real app with every log line and response captured. */
async function capturedSite(env: Record<string, string>) {
  const root = copySampleSite();
  writeConfig(root, (config) => { config.auth = { rateLimit: { enabled: false } }; });
  const logs: string[] = [];
  const cms = await createCms({ root, env, report: (message) => logs.push(message) });
  const app = createApp(cms, { log: (message) => logs.push(message) });
  const seen: string[] = [];
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    seen.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return { root, cms, logs, seen, send };
}

describe('credentials never appear in responses, errors or logs', () => {
  it('keeps passwords, reset codes, token keys, hashes and secrets out of every answer and log line', async () => {
    const site = await capturedSite(TEST_ENV);
    const first = 'first-Secret-pw-1';
    const second = 'second-Secret-pw-2';
    const third = 'third-Secret-pw-3';
    const registered = await site.send('POST', '/api/auth/local/register',
      { username: 'leaky', email: 'leaky@example.com', password: first });
    expect(registered.status).toBe(200);
    const jwt = registered.body.jwt as string;
    await site.send('POST', '/api/auth/local', { identifier: 'leaky', password: first });
    await site.send('POST', '/api/auth/local', { identifier: 'leaky', password: `${first}x` });
    await site.send('POST', '/api/auth/local', { identifier: 'leaky', password: 987654321 });
    await site.send('POST', '/api/auth/local/register', { username: 'leaky', email: 'leaky@example.com', password: first, extra: first });
    // Strapi echoes a mismatched confirmation to its submitter (recorded: users.change.password.mismatch); it is no stored credential.
    const mismatch = await site.send('POST', '/api/auth/change-password',
      { currentPassword: first, password: second, passwordConfirmation: 'not-the-same-pw' }, bearer(jwt));
    expect(mismatch.body.error.details.errors).toEqual([{ path: ['passwordConfirmation'], message: 'Passwords do not match',
      name: 'ValidationError', value: 'not-the-same-pw' }]);
    await site.send('POST', '/api/auth/change-password', { currentPassword: first, password: second, passwordConfirmation: second },
      bearer(jwt));
    await site.send('POST', '/api/auth/forgot-password', { email: 'leaky@example.com' });
    const code = site.cms.auth.users.byIdentifier('leaky')!.resetPasswordToken!;
    await site.send('POST', '/api/auth/reset-password', { code: `${code}0`, password: third, passwordConfirmation: third });
    await site.send('POST', '/api/auth/reset-password', { code, password: third, passwordConfirmation: third });
    await site.send('GET', '/api/users/me', undefined, bearer(jwt));
    const token = await site.cms.auth.tokens.create({ name: 'leak-check', type: 'read-only' });
    await site.send('GET', '/api/articles', undefined, bearer(token.accessKey));
    await site.send('POST', '/api/articles', { data: { title: 'x' } }, bearer(token.accessKey));
    await site.send('GET', '/api/articles', undefined, bearer(`${token.accessKey}0`));
    await site.send('GET', '/api/users/me', undefined, bearer(TEST_ENV.CMS_API_TOKEN));

    const stored = site.cms.auth.store.data;
    const secrets = [
      first, second, third, code, token.accessKey, TEST_ENV.CMS_API_TOKEN, TEST_ENV.CMS_JWT_SECRET, TEST_ENV.CMS_API_TOKEN_SALT,
      ...stored.apiTokens.map((entry) => entry.accessKey), ...stored.users.map((user) => user.password),
    ];
    expect(site.seen.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      for (const line of [...site.seen, ...site.logs]) expect(line.includes(secret),
        `a credential leaked into: ${line.slice(0, 200)}`).toBe(false);
    }
    // A JWT is only ever in the sign-in answers that issue it, never in a log line.
    for (const line of site.logs) expect(line).not.toContain(jwt);
  });

  it('echoes a rejected password only to its submitter, as Strapi does, never into a log or the state file', async () => {
    const site = await capturedSite(TEST_ENV);
    const { status, body } = await site.send('POST', '/api/auth/local/register',
      { username: 'shorty', email: 'shorty@example.com', password: 'q7Z' });
    expect(status).toBe(400);
    // recorded from Strapi 5.54: users.register.short.password
    expect(body.error.details.errors).toEqual([{ path: ['password'], message: 'password must be at least 6 characters',
      name: 'ValidationError', value: 'q7Z' }]);
    expect(body.error.message).not.toContain('q7Z');
    for (const line of site.logs) expect(line).not.toContain('q7Z');
    const state = join(site.root, '.cms', 'state.json');
    if (existsSync(state)) expect(readFileSync(state, 'utf8')).not.toContain('q7Z');
  });

  it('does not echo a wrongly typed password in the validation error', async () => {
    const site = await capturedSite(TEST_ENV);
    const { body } = await site.send('POST', '/api/auth/local', { identifier: 'ada', password: 123456789 });
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'password must be a `string` type.' });
    expect(JSON.stringify(body)).not.toContain('123456789');
  });
});

describe('the local state file (.cms/state.json)', () => {
  it('is private (0600 in a 0700 folder), holds only hashes, and leaves no temp file behind', async () => {
    const site = await capturedSite(TEST_ENV);
    const token = await site.cms.auth.tokens.create({ name: 'state-check', type: 'full-access' });
    await site.cms.auth.users.add({ username: 'stateful', email: 'stateful@example.com', password: 'plain-password-1' });
    const folder = join(site.root, '.cms');
    const file = join(folder, 'state.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readdirSync(folder).sort()).toEqual(['.gitignore', 'state.json']); // .gitignore: the folder ignores itself
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token.accessKey);
    expect(text).not.toContain('plain-password-1');
    const state = JSON.parse(text);
    expect(state.apiTokens[0].accessKey).toMatch(/^[0-9a-f]{128}$/);
    expect(state.users[0].password).toMatch(/^scrypt\$/);
  });

  it('is not created by reads', async () => {
    const site = await capturedSite(TEST_ENV);
    await site.send('GET', '/api/articles');
    await site.send('GET', '/api/articles', undefined, bearer('0'.repeat(256)));
    expect(existsSync(join(site.root, '.cms'))).toBe(false);
  });

  it('is git-ignored', () => {
    expect(readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8').split('\n')).toContain('.cms/');
  });
});

describe('secrets', () => {
  it('generates a development JWT secret into .cms/ with one warning when the environment has none', async () => {
    const site = await capturedSite({});
    const { status, body } = await site.send('POST', '/api/auth/local/register',
      { username: 'dev', email: 'dev@example.com', password: 'dev-password' });
    expect(status).toBe(200);
    await site.send('GET', '/api/users/me', undefined, bearer(body.jwt));
    const generated = site.cms.auth.store.data.secrets.jwtSecret!;
    expect(generated).toMatch(/^[0-9a-f]{128}$/);
    const warnings = site.logs.filter((line) => line.includes('CMS_JWT_SECRET'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: CMS_JWT_SECRET is not set; using a development JWT secret generated into \.cms\/state\.json/);
    expect(warnings[0]).not.toContain(generated);
  });

  it('signs with CMS_JWT_SECRET from the environment, and refuses JWTs signed otherwise', async () => {
    const site = await capturedSite(TEST_ENV);
    const user = await site.cms.auth.users.add({ username: 'env', email: 'env@example.com', password: 'env-password' });
    expect((await site.send('GET', '/api/users/me', undefined, bearer(issueJwt(user.id, TEST_ENV.CMS_JWT_SECRET, '1h')))).status).toBe(200);
    const forged = await site.send('GET', '/api/users/me', undefined, bearer(issueJwt(user.id, 'another secret', '1h')));
    expect(forged.status).toBe(401);
    expect(site.logs).toEqual([]);
  });

  it('accepts JWT_SECRET as Strapi names it', async () => {
    const site = await capturedSite({ JWT_SECRET: 'strapi-style-secret-0123456789abcdef' });
    const user = await site.cms.auth.users.add({ username: 'legacy', email: 'legacy@example.com', password: 'pw-legacy' });
    expect((await site.send('GET', '/api/users/me', undefined,
      bearer(issueJwt(user.id, 'strapi-style-secret-0123456789abcdef', '1h')))).status).toBe(200);
  });

  it('ignores a CMS_API_TOKEN shorter than 32 characters, with a warning', async () => {
    const site = await capturedSite({ ...TEST_ENV, CMS_API_TOKEN: 'short' });
    expect((await site.send('GET', '/api/articles', undefined, bearer('short'))).status).toBe(401);
    expect(site.logs).toEqual(['warning: CMS_API_TOKEN is shorter than 32 characters and is ignored']);
  });
});
