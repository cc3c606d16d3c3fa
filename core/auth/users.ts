import { randomBytes, timingSafeEqual } from 'node:crypto';
import { newDocumentId } from '../service/document-id.js';
import { hashPassword, verifyPassword } from './password.js';
import { isTaken, type RoleType, type StateStore, type StoredUser } from './state-store.js';

/** A user as the API shows it: never the password hash nor a reset code. */
export type PublicUser = Omit<StoredUser, 'password' | 'resetPasswordToken' | 'role'>;

/**
 * Strapi's sanitized user (`id, documentId, username, email, provider, confirmed, blocked`,
 * timestamps), built field by field so a new secret field can never leak by default.
 */
export function sanitizeUser(user: StoredUser): PublicUser {
  const { id, documentId, username, email, provider, confirmed, blocked, createdAt, updatedAt, publishedAt } = user;
  return { id, documentId, username, email, provider, confirmed, blocked, createdAt, updatedAt, publishedAt };
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role?: RoleType;
  /** Registration confirms at once; an account made by an administrator is unconfirmed unless told (Strapi's default). */
  confirmed?: boolean;
  blocked?: boolean;
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a), right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * users-permissions users in the state store (`.cms/state.json` or the shared PostgreSQL), never in content.
 *
 * @example
 * const user = await users.add({ username: 'ada', email: 'ada@example.com', password: '…' });
 * await users.checkPassword(user, '…') // true
 */
export class Users {
  constructor(private readonly store: StateStore) {}

  all(): StoredUser[] {
    return this.store.data.users;
  }

  byId(id: number): StoredUser | undefined {
    return this.all().find((user) => user.id === id);
  }

  /** Strapi's login lookup: email (case-insensitive) or exact username. */
  byIdentifier(identifier: string): StoredUser | undefined {
    const email = identifier.toLowerCase();
    return this.all().find((user) => user.email === email || user.username === identifier);
  }

  /** Strapi's register conflict rule: the email or the username is anyone's email or username. */
  isTaken(username: string, email: string): boolean {
    return isTaken(this.all(), username, email);
  }

  async add(input: NewUser): Promise<StoredUser> {
    const password = await hashPassword(input.password);
    const now = new Date().toISOString();
    // The store checks the register rule again: two registrations may have raced while the password was hashing.
    return this.store.insertUser({
      documentId: newDocumentId(),
      username: input.username,
      email: input.email.toLowerCase(),
      provider: 'local',
      password,
      resetPasswordToken: null,
      confirmed: input.confirmed ?? true,
      blocked: input.blocked ?? false,
      role: input.role ?? 'authenticated',
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    });
  }

  checkPassword(user: StoredUser, password: string): Promise<boolean> {
    return verifyPassword(password, user.password);
  }

  /** Set a new password; any pending reset code is spent. */
  async setPassword(id: number, password: string): Promise<StoredUser> {
    const hash = await hashPassword(password);
    return this.edit(id, (user) => { user.password = hash; user.resetPasswordToken = null; });
  }

  /** A new reset code (128 hex characters), kept in the state: there is no email to send it by. */
  async createResetCode(id: number): Promise<string> {
    const code = randomBytes(64).toString('hex');
    await this.edit(id, (user) => { user.resetPasswordToken = code; });
    return code;
  }

  byResetCode(code: string): StoredUser | undefined {
    return this.all().find((user) => user.resetPasswordToken !== null && sameText(user.resetPasswordToken, code));
  }

  /** Remove a user (its JWTs name no one from then on); undefined when there is none. */
  remove(id: number): Promise<StoredUser | undefined> {
    return this.store.removeUser(id);
  }

  /** Change a user (blocked, role, confirmed, …) in the store, stamping `updatedAt`. */
  edit(id: number, change: (user: StoredUser) => void): Promise<StoredUser> {
    const now = new Date().toISOString();
    return this.store.editUser(id, (user) => { change(user); user.updatedAt = now; });
  }
}
