import { answer, errors, json, param, type PathItem } from './openapi-operation-parts.js';
import { schemaRef } from './openapi-schemas.js';

/** The OpenAPI paths of users-permissions: sign-in, registration, passwords, users and roles. */

export function usersPermissionsPaths(prefix: string): Record<string, PathItem> {
  const tags = ['Users-Permissions'];
  const body = (properties: Record<string, unknown>, required: string[]) => ({
    required: true, content: json({ type: 'object', required, properties }),
  });
  const text = { type: 'string' };
  const auth = answer('a JWT and the user', schemaRef('AuthResponse'));
  const post = (operationId: string, summary: string, requestBody: unknown, ok: Record<string, unknown>) =>
    ({ post: { operationId, summary, tags, requestBody, responses: { ...ok, ...errors(400, 401, 403, 429) } } });
  const get = (operationId: string, summary: string, ok: unknown, extra: Record<string, unknown> = {}) =>
    ({ get: { operationId, summary, tags, ...extra, responses: { 200: ok, ...errors(400, 401, 403, 404) } } });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  return {
    [`${prefix}/auth/local`]: post(
      'login', 'Sign in with an identifier and password', body({ identifier: text, password: text }, ['identifier', 'password']),
      { 200: auth },
    ),
    [`${prefix}/auth/local/register`]: post(
      'register', 'Register a user', body({ username: text, email: text, password: text }, ['username', 'email', 'password']),
      { 200: auth },
    ),
    [`${prefix}/auth/forgot-password`]: post(
      'forgotPassword', 'Ask for a password reset email', body({ email: text }, ['email']),
      { 200: answer('always ok', { type: 'object', properties: { ok: { type: 'boolean' } } }) },
    ),
    [`${prefix}/auth/reset-password`]: post(
      'resetPassword', 'Reset a password with the emailed code',
      body({ code: text, password: text, passwordConfirmation: text }, ['code', 'password', 'passwordConfirmation']), { 200: auth },
    ),
    [`${prefix}/auth/change-password`]: post(
      'changePassword', 'Change the signed-in user\'s password',
      body({ currentPassword: text, password: text, passwordConfirmation: text }, ['currentPassword', 'password', 'passwordConfirmation']),
      { 200: auth },
    ),
    [`${prefix}/users/me`]: get(
      'me', 'Get the signed-in user', answer('the signed-in user', schemaRef('User')), { parameters: [param('populate')] },
    ),
    [`${prefix}/users/count`]: get(
      'countUsers', 'Count users', answer('how many users match', { type: 'integer' }), { parameters: [param('filters')] },
    ),
    [`${prefix}/users`]: get(
      'findUsers', 'List users', answer('users (no envelope)', { type: 'array', items: schemaRef('User') }),
      { parameters: [param('filters'), param('q'), param('sort'), param('fields'), param('populate')] },
    ),
    [`${prefix}/users/{id}`]: {
      parameters: [id], ...get('findOneUser', 'Get a user', answer('a user', schemaRef('User')), { parameters: [param('populate')] })
    },
    [`${prefix}/users-permissions/roles`]: get(
      'findRoles', 'List roles',
      answer('the roles', { type: 'object', properties: { roles: { type: 'array', items: schemaRef('Role') } } }),
    ),
    [`${prefix}/users-permissions/roles/{id}`]: {
      parameters: [id], ...get('findOneRole', 'Get a role', answer('a role', { type: 'object', properties: { role: schemaRef('Role') } }))
    },
  };
}
