import { statSync } from 'node:fs';
import { join } from 'node:path';
import { LowSync } from 'lowdb';
import { FileError } from '../errors.js';
import { PrivateJsonFile } from './private-json-file.js';

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
}

/** Everything `.cms/state.json` holds. Local to one machine, git-ignored, written atomically. */
export interface AuthState {
  version: 1;
  /** Generated development secrets (only when the environment provides none). */
  secrets: { jwtSecret?: string; apiTokenSalt?: string };
  apiTokens: StoredApiToken[];
  users: StoredUser[];
}

export const STATE_FILE = join('.cms', 'state.json');

const emptyState = (): AuthState => ({ version: 1, secrets: {}, apiTokens: [], users: [] });

/**
 * The local auth state, managed with lowdb. Reads are synchronous (a Bearer token is checked on
 * the request path) and re-read the file when another process (`cms token create` beside
 * `cms serve`) replaced it; every change re-reads first, then writes the whole file atomically.
 *
 * @example
 * const store = new StateStore('/site'); store.update((state) => { state.users.push(user); });
 */
export class StateStore {
  readonly path: string;
  private readonly db: LowSync<AuthState>;
  private signature = '';

  constructor(root: string) {
    this.path = join(root, STATE_FILE);
    this.db = new LowSync(new PrivateJsonFile<AuthState>(this.path), emptyState());
  }

  /** The current state (read-only by convention: change it through `update`). */
  get data(): AuthState {
    this.refresh();
    return this.db.data;
  }

  /** Changes whenever the state file does (another process's `cms token create` too): part of a cache tag. */
  get revision(): string {
    this.refresh();
    return this.signature;
  }

  /** Apply a change and write the file; returns what `change` returns. */
  update<T>(change: (state: AuthState) => T): T {
    this.refresh();
    const result = change(this.db.data);
    this.db.write();
    this.signature = this.currentSignature();
    return result;
  }

  private currentSignature(): string {
    try {
      const stat = statSync(this.path);
      return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      return 'absent';
    }
  }

  private refresh(): void {
    const signature = this.currentSignature();
    if (signature === this.signature) return;
    this.db.data = emptyState();
    try {
      this.db.read();
    } catch (error) {
      throw new FileError(STATE_FILE, `cannot read the auth state: ${(error as Error).message}`);
    }
    const state = { ...emptyState(), ...this.db.data } as Partial<AuthState>;
    this.db.data = state as AuthState;
    if (!Array.isArray(state.apiTokens) || !Array.isArray(state.users) || typeof state.secrets !== 'object' || state.secrets === null) {
      throw new FileError(STATE_FILE, 'the auth state must hold { secrets, apiTokens, users }');
    }
    this.signature = signature;
  }
}
