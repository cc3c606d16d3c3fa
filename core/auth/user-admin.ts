import { ApplicationError, NotFoundError, ValidationError } from '../errors.js';
import type { Auth } from './auth.js';
import { hashPassword } from './password.js';
import { ROLES } from './roles.js';
import type { RoleType, StoredUser } from './state-store.js';
import { isEmail } from './validate-body.js';

/**
 * The users-permissions user controller's `create`, `update` and `destroy` (what `POST /api/users`, `PUT /api/users/:id` and
 * the GraphQL `createUsersPermissionsUser` / `updateUsersPermissionsUser` / `deleteUsersPermissionsUser` run), with its
 * yup rules and conflict checks. The caller's scope (`user.create`, `user.update`, `user.destroy`) is checked by the face
 * before; passwords are hashed here, and the answer is the stored user, for the face to sanitize.
 */
type Body = Record<string, unknown>;
interface FieldError { path: string[]; message: string; name: 'ValidationError' }

const isRecord = (value: unknown): value is Body => !!value && typeof value === 'object' && !Array.isArray(value);
const given = (value: unknown) => value !== undefined && value !== null;

/** yup's collected errors: one is its own message, more are `<n> errors occurred`. */
function throwErrors(errors: FieldError[]): void {
  if (errors.length === 0) return;
  const message = errors.length === 1 ? errors[0].message : `${errors.length} errors occurred`;
  throw new ValidationError(message, { errors });
}

function check(body: Body, field: string, required: boolean, errors: FieldError[], email = false): void {
  const value = body[field];
  const fail = (message: string) => errors.push({ path: [field], message, name: 'ValidationError' });
  if (!given(value)) { if (required) fail(`${field} is a required field`); return; }
  if (typeof value !== 'string') fail(`${field} must be a \`string\` type`);
  else if (email && !isEmail(value)) fail(`${field} must be a valid email`);
  else if (value.length < 1) fail(`${field} must be at least 1 characters`);
}

/** A role named by its id (`"1"`, 1): its type; an unknown one is refused. */
function roleType(value: unknown): RoleType {
  const role = ROLES.find((entry) => String(entry.id) === String(value));
  if (!role) throw new ValidationError('Invalid role');
  return role.type;
}

/** Someone else holding this username or email (case-insensitive email). */
const holder = (auth: Auth, field: 'username' | 'email', value: string, except?: number): StoredUser | undefined =>
  auth.users.all().find((user) => user.id !== except && (field === 'email' ? user.email === value.toLowerCase() : user.username === value));

/** `create`: email, username, password and role required; a taken email is refused (Strapi's unique_email default). */
export async function createUser(auth: Auth, input: unknown): Promise<StoredUser> {
  const body = isRecord(input) ? input : {};
  const errors: FieldError[] = [];
  check(body, 'email', true, errors, true);
  check(body, 'username', true, errors);
  check(body, 'password', true, errors);
  if (!given(body.role)) errors.push({ path: ['role'], message: 'role is a required field', name: 'ValidationError' });
  throwErrors(errors);
  const email = String(body.email), username = String(body.username);
  if (holder(auth, 'email', email)) throw new ApplicationError('Email already taken');
  if (holder(auth, 'username', username)) throw new ApplicationError('Username already taken');
  return auth.users.add({
    username, email, password: String(body.password), role: roleType(body.role),
    confirmed: body.confirmed === true, blocked: body.blocked === true,
  });
}

/** `update`: an unknown id is `User not found`; the given fields are checked, a taken username or email refused. */
export async function updateUser(
  auth: Auth, id: unknown, input: unknown, links?: (user: StoredUser) => Record<string, string[]>,
): Promise<StoredUser> {
  const user = /^\d+$/.test(String(id)) ? auth.users.byId(Number(id)) : undefined;
  if (!user) throw new NotFoundError('User not found');
  const body = isRecord(input) ? input : {};
  const errors: FieldError[] = [];
  check(body, 'email', false, errors, true);
  check(body, 'username', false, errors);
  throwErrors(errors);
  if (user.provider === 'local' && Object.hasOwn(body, 'password') && !body.password) throw new ValidationError('password.notNull');
  if (given(body.username) && holder(auth, 'username', String(body.username), user.id)) {
    throw new ApplicationError('Username already taken');
  }
  if (given(body.email) && holder(auth, 'email', String(body.email), user.id)) throw new ApplicationError('Email already taken');
  const password = given(body.password) ? await hashPassword(String(body.password)) : undefined;
  const role = given(body.role) ? roleType(body.role) : undefined;
  // resolved before the write, so a relation that cannot be set leaves the user as it was
  const linked = links?.(user) ?? {};
  return auth.users.edit(user.id, (stored) => {
    if (Object.keys(linked).length) stored.links = { ...stored.links, ...linked };
    if (given(body.username)) stored.username = String(body.username);
    if (given(body.email)) stored.email = String(body.email).toLowerCase();
    if (password) { stored.password = password; stored.resetPasswordToken = null; }
    if (typeof body.confirmed === 'boolean') stored.confirmed = body.confirmed;
    if (typeof body.blocked === 'boolean') stored.blocked = body.blocked;
    if (role) stored.role = role;
  });
}

/** `destroy`: the removed user, or undefined when the id names none (the controller then sends nothing: a 204). */
export async function deleteUser(auth: Auth, id: unknown): Promise<StoredUser | undefined> {
  return /^\d+$/.test(String(id)) ? auth.users.remove(Number(id)) : undefined;
}
