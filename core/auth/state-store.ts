import { join } from 'node:path';
import { ApplicationError, ServiceUnavailableError } from '../errors.js';

export type TokenType = 'read-only' | 'full-access' | 'custom';
export type RoleType = 'public' | 'authenticated';

/** An API token as stored: only the HMAC of its key, never the key. */
export interface StoredApiToken {
  id: number;
  name: string;
  description: string;
  type: TokenType;
  /** HMAC-SHA512(salt, key), hex. */
  accessKey: string;
  /** Scopes of a `custom` token. */
  permissions: string[];
  /** Milliseconds, or null for unlimited (Strapi stores it so). */
  lifespan: number | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A users-permissions user. `password` is an scrypt hash; `resetPasswordToken` the pending reset code. */
export interface StoredUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: 'local';
  password: string;
  resetPasswordToken: string | null;
  confirmed: boolean;
  blocked: boolean;
  role: RoleType;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  /**
   * The documentIds each one-way relation the project's src/extensions adds to the user holds (`goals`): the user's
   * rows are the auth state's, so the links it owns are kept with it (absent when it holds none).
   */
  links?: Record<string, string[]>;
}

/** Everything the auth state holds: secrets, API tokens, users. Never in the content repository. */
export interface AuthState {
  version: 1;
  /** Generated development secrets (only when the environment provides none). */
  secrets: { jwtSecret?: string; apiTokenSalt?: string };
  apiTokens: StoredApiToken[];
  users: StoredUser[];
}

export type SecretKey = keyof AuthState['secrets'];

export const STATE_FILE = join('.cms', 'state.json');

export const emptyState = (): AuthState => ({ version: 1, secrets: {}, apiTokens: [], users: [] });

/**
 * Where the auth state lives: a port with two implementations, the local file (`.cms/state.json`,
 * the default for one server) and PostgreSQL (shared by every replica, `state.url` / `CMS_STATE_URL`).
 *
 * Reads are synchronous and in memory (a Bearer token is checked on the request path and must cost
 * no round trip); changes are asynchronous, each one atomic and seen by the next read here. Ids are
 * given by the store, never by the caller, so they are unique wherever the state is shared.
 *
 * @example
 * const user = await store.insertUser({ ...fields }); store.data.users.some((u) => u.id === user.id) // true
 */
export interface StateStore {
  /** Where the state lives, for messages (`.cms/state.json`, `PostgreSQL`); never a password. */
  readonly location: string;
  /** Shared with other processes that may change it unannounced for a moment (PostgreSQL): unknown keys are worth a `sync`. */
  readonly shared: boolean;
  /** The current state (read-only: change it through the methods below). */
  readonly data: AuthState;
  /** Changes whenever the state does, here or in another process or replica: part of a cache tag. */
  readonly revision: string;
  /** The stored secret; with `fresh`, stored first when there is none (the first one stored wins). */
  secret(key: SecretKey, fresh?: string): string | undefined;
  /** Add a user (Strapi's register conflict rule checked atomically); the store gives the id. */
  insertUser(user: Omit<StoredUser, 'id'>): Promise<StoredUser>;
  /** Change one user; the change function may run more than once. Throws when the user is gone. */
  editUser(id: number, change: (user: StoredUser) => void): Promise<StoredUser>;
  /** Remove one user (Strapi's `user.destroy`); undefined when there is none. */
  removeUser(id: number): Promise<StoredUser | undefined>;
  /** Add an API token (a taken name is an ApplicationError); the store gives the id. */
  insertToken(token: Omit<StoredApiToken, 'id'>): Promise<StoredApiToken>;
  /** Change one API token; undefined when it is gone. */
  editToken(id: number, change: (token: StoredApiToken) => void): Promise<StoredApiToken | undefined>;
  /** Remove the token of this name; undefined when there is none. */
  removeToken(name: string): Promise<StoredApiToken | undefined>;
  /**
   * Catch up with changes made elsewhere that may not have been announced yet (a credential made on
   * another replica a moment ago): one cheap round trip, only called when a credential is unknown. Rejects with a
   * ServiceUnavailableError when the store was never loaded (nothing can be judged yet); other failures are passing.
   */
  sync(): Promise<void>;
  /**
   * Count one hit of a rate-limit key in its fixed window of `interval` ms, where every replica counts (PostgreSQL);
   * absent where the count is this process's own (the file).
   */
  countHit?(key: string, interval: number): Promise<{ hits: number; resetInMs: number }>;
  /** Release connections and listeners (a no-op for the file). */
  close(): Promise<void>;
}

/** Strapi's register conflict rule: the email or the username is anyone's email or username. */
export function isTaken(users: readonly Pick<StoredUser, 'email' | 'username'>[], username: string, email: string): boolean {
  const lower = email.toLowerCase();
  return users.some((user) => [lower, username].includes(user.email) || [lower, username].includes(user.username));
}

export const takenError = () => new ApplicationError('Email or Username are already taken');
export const tokenNameTakenError = () => new ApplicationError('Name already taken');

/**
 * Catch up before judging an unknown credential: a passing failure leaves the copy in memory to judge it, as every
 * known key is; a store never loaded answers Strapi's 503.
 */
export async function catchUpOrUnavailable(store: StateStore): Promise<void> {
  await store.sync().catch((error: unknown) => {
    if (error instanceof ServiceUnavailableError) throw error;
  });
}
