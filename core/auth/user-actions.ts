import type { Caller } from '../access/permissions.js';
import { ApplicationError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Auth } from './auth.js';
import { hashPassword } from './password.js';
import type { StoredUser } from './state-store.js';
import { sanitizeUser, type PublicUser } from './users.js';
import { validateBody } from './validate-body.js';

/** What a successful sign-in answers: `{ jwt, user }`, no `{data}` envelope (Strapi). */
export interface SignedIn {
  jwt: string;
  user: PublicUser;
}

const REGISTER_KEYS = ['username', 'password', 'email'];
const secret = { type: 'string', secret: true } as const;
const text = { type: 'string' } as const;
const email = { type: 'email' } as const;
/** Strapi's user schema: `username` minLength 3, `email` 6, `password` 6. */
const newPassword = { type: 'string', secret: true, minLength: 6 } as const;
const username = { type: 'string', minLength: 3, printable: true } as const;
const newEmail = { type: 'email', minLength: 6 } as const;

/** Compared against when the identifier matches nobody, so a miss costs what a wrong password costs. */
let decoy: Promise<string> | undefined;

const signedIn = (auth: Auth, user: StoredUser): SignedIn => ({ jwt: auth.issueJwt(user), user: sanitizeUser(user) });

/**
 * `POST /api/auth/local` `{ identifier, password }`: identifier is the email or the username.
 *
 * @example
 * await login(auth, { identifier: 'ada@example.com', password: '…' }) // { jwt, user }
 */
export async function login(auth: Auth, body: unknown): Promise<SignedIn> {
  const { identifier, password } = validateBody(body, { identifier: text, password: secret });
  const user = auth.users.byIdentifier(identifier);
  if (!user) {
    decoy ??= hashPassword('decoy password');
    await auth.users.checkPassword({ password: await decoy } as StoredUser, password);
    throw new ValidationError('Invalid identifier or password');
  }
  if (!(await auth.users.checkPassword(user, password))) throw new ValidationError('Invalid identifier or password');
  if (user.confirmed !== true) throw new ApplicationError('Your account email is not confirmed');
  if (user.blocked === true) throw new ApplicationError('Your account has been blocked by an administrator');
  return signedIn(auth, user);
}

/** `POST /api/auth/local/register` `{ username, email, password }` → the Authenticated role. */
export async function register(auth: Auth, body: unknown): Promise<SignedIn> {
  if (!auth.config.auth.register) throw new ApplicationError('Register action is currently disabled');
  const given = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  const invalid = given.filter((key) => !REGISTER_KEYS.includes(key));
  if (invalid.length) throw new ValidationError(`Invalid parameters: ${invalid.join(', ')}`);
  const fields = validateBody(body, { email: newEmail, username, password: newPassword });
  if (auth.users.isTaken(fields.username, fields.email)) throw new ApplicationError('Email or Username are already taken');
  const user = await auth.users.add({ username: fields.username, email: fields.email, password: fields.password });
  return signedIn(auth, user);
}

/**
 * `POST /api/auth/forgot-password` `{ email }`: always `{ ok: true }`. There is no email to send:
 * the reset code is kept as the user's `resetPasswordToken` in `.cms/state.json` for the site
 * owner to hand over.
 */
export async function forgotPassword(auth: Auth, body: unknown): Promise<{ ok: true }> {
  const fields = validateBody(body, { email }, { noUnknown: true });
  const user = auth.users.all().find((candidate) => candidate.email === fields.email.toLowerCase());
  if (user && !user.blocked) await auth.users.createResetCode(user.id);
  return { ok: true };
}

/** `POST /api/auth/reset-password` `{ code, password, passwordConfirmation }`. */
export async function resetPassword(auth: Auth, body: unknown): Promise<SignedIn> {
  // a mismatch is one of the body's errors, as Strapi's yup schema reports it (recorded over GraphQL: up.resetPassword.mismatch)
  const fields = validateBody(body, {
    password: newPassword,
    passwordConfirmation: { ...secret, equals: { field: 'password', message: 'Passwords do not match' } },
    code: secret,
  }, { noUnknown: true });
  const user = auth.users.byResetCode(fields.code);
  if (!user) throw new ValidationError('Incorrect code provided');
  return signedIn(auth, await auth.users.setPassword(user.id, fields.password));
}

/** `POST /api/auth/change-password` `{ currentPassword, password, passwordConfirmation }`, signed in. */
export async function changePassword(auth: Auth, caller: Caller, body: unknown): Promise<SignedIn> {
  if (caller.userId === undefined) throw new ApplicationError('You must be authenticated to reset your password');
  const fields = validateBody(body, {
    password: newPassword,
    passwordConfirmation: { ...secret, equals: { field: 'password', message: 'Passwords do not match' } },
    currentPassword: secret,
  }, { noUnknown: true });
  const user = auth.users.byId(caller.userId);
  if (!user) throw new UnauthorizedError('Invalid credentials');
  if (!(await auth.users.checkPassword(user, fields.currentPassword))) {
    throw new ValidationError('The provided current password is invalid');
  }
  if (fields.currentPassword === fields.password) {
    throw new ValidationError('Your new password must be different than your current password');
  }
  return signedIn(auth, await auth.users.setPassword(user.id, fields.password));
}

/** `GET /api/users/me`: the signed-in user; an API token has no user → 401. */
export function me(auth: Auth, caller: Caller): StoredUser {
  const user = caller.userId === undefined ? undefined : auth.users.byId(caller.userId);
  if (!user) throw new UnauthorizedError();
  return user;
}
