import { join } from 'node:path';
import { LowSync } from 'lowdb';
import { FileError } from '../errors.js';
import { PrivateJsonFile } from './private-json-file.js';
import { StateFileWatch } from './state-file-watch.js';
import {
  emptyState, isTaken, STATE_FILE, takenError, tokenNameTakenError,
  type AuthState, type SecretKey, type StateStore, type StoredApiToken, type StoredUser,
} from './state-store.js';

const nextId = (rows: { id: number }[]) => Math.max(0, ...rows.map((row) => row.id)) + 1;

/**
 * A copy of the state a change is made to (`update`): its lists and secrets are its own, their elements shared until
 * one is changed (`editRow` copies it first). A whole copy (structuredClone) costs 60 ms at 10,000 users here.
 */
const draftOf = (state: AuthState): AuthState => (
  { ...state, secrets: { ...state.secrets }, apiTokens: [...state.apiTokens], users: [...state.users] });

/** Replace the row with this id in a draft's list by a changed copy (the served row untouched); undefined when none. */
function editRow<T extends { id: number }>(rows: T[], id: number, change: (row: T) => void): T | undefined {
  const at = rows.findIndex((row) => row.id === id);
  if (at < 0) return undefined;
  const row = structuredClone(rows[at]);
  change(row);
  rows[at] = row;
  return row;
}

/**
 * The auth state in `<root>/.cms/state.json`, managed with lowdb: the embedded default for one
 * server. Reads re-read the file when another process (`cms token create` beside `cms serve`)
 * replaced it, which one `fstat` of the file as read, held open, tells for sure (see `StateFileWatch`):
 * one look per request, whatever the request reads. Every change re-reads first if the file changed,
 * then writes the whole file atomically and holds what it wrote; a change is served only once written.
 *
 * @example
 * const store = new FileStateStore('/site'); await store.insertToken({ ...token });
 */
export class FileStateStore implements StateStore {
  readonly path: string;
  readonly location = STATE_FILE;
  /** Every read sees the file's last change: nothing to catch up with. */
  readonly shared = false;
  private readonly db: LowSync<AuthState>;
  private readonly changes: StateFileWatch;
  private signature = '';

  constructor(root: string) {
    this.path = join(root, STATE_FILE);
    this.changes = new StateFileWatch(this.path);
    this.db = new LowSync(new PrivateJsonFile<AuthState>(this.path, (fd) => this.changes.adopt(fd)), emptyState());
  }

  get data(): AuthState {
    if (this.changes.stale) this.refresh();
    return this.db.data;
  }

  get revision(): string {
    if (this.changes.stale) this.refresh();
    return this.signature;
  }

  secret(key: SecretKey, fresh?: string): string | undefined {
    const known = this.data.secrets[key];
    if (known || !fresh) return known;
    // Another process may have generated one meanwhile: keep the first.
    return this.update((state) => (state.secrets[key] ??= fresh));
  }

  async insertUser(user: Omit<StoredUser, 'id'>): Promise<StoredUser> {
    return this.update((state) => {
      // Checked again here: two registrations may have raced while the password was hashing.
      if (isTaken(state.users, user.username, user.email)) throw takenError();
      const stored: StoredUser = { id: nextId(state.users), ...user };
      state.users.push(stored);
      return stored;
    });
  }

  async editUser(id: number, change: (user: StoredUser) => void): Promise<StoredUser> {
    return this.update((state) => {
      const user = editRow(state.users, id, change);
      if (!user) throw new Error(`user ${id} disappeared`);
      return user;
    });
  }

  async insertToken(token: Omit<StoredApiToken, 'id'>): Promise<StoredApiToken> {
    return this.update((state) => {
      if (state.apiTokens.some((existing) => existing.name === token.name)) throw tokenNameTakenError();
      const stored: StoredApiToken = { id: nextId(state.apiTokens), ...token };
      state.apiTokens.push(stored);
      return stored;
    });
  }

  async editToken(id: number, change: (token: StoredApiToken) => void): Promise<StoredApiToken | undefined> {
    return this.update((state) => editRow(state.apiTokens, id, change));
  }

  async removeUser(id: number): Promise<StoredUser | undefined> {
    return this.update((state) => {
      const index = state.users.findIndex((user) => user.id === id);
      return index < 0 ? undefined : state.users.splice(index, 1)[0];
    });
  }

  async removeToken(name: string): Promise<StoredApiToken | undefined> {
    return this.update((state) => {
      const index = state.apiTokens.findIndex((token) => token.name === name);
      return index < 0 ? undefined : state.apiTokens.splice(index, 1)[0];
    });
  }

  /** Every read sees the file's last change already. */
  async sync(): Promise<void> {}

  async close(): Promise<void> {
    this.changes.close();
  }

  /**
   * Apply a change and write the file; returns what `change` returns. The change is made to a copy, served only once
   * it is on disk: a write that fails (a full disk, a read-only folder) throws to the caller and leaves this process
   * serving what the file holds, never a user, token or role that exists nowhere else (nor an object a cache holds
   * changed in place).
   */
  private update<T>(change: (state: AuthState) => T): T {
    // A change starts from the file as it is now (looked at now, not as this request last saw it).
    if (this.changes.changed()) this.refresh();
    const served = this.db.data;
    const draft = draftOf(served);
    const result = change(draft);
    this.db.data = draft;
    try {
      // The written file is held (PrivateJsonFile hands it to `changes`): the next read compares with it.
      this.db.write();
    } catch (error) {
      this.db.data = served;
      // Whether it failed before or after its rename, the next read reads the file as it is.
      this.changes.invalidate();
      throw error;
    }
    this.signature = this.changes.signature;
    return result;
  }

  private refresh(): void {
    try {
      this.load();
    } catch (error) {
      // A file that cannot be read is looked at again on the next read, never trusted meanwhile.
      this.changes.invalidate();
      throw error;
    }
    this.signature = this.changes.signature;
  }

  private load(): void {
    this.db.data = emptyState();
    let text: string | undefined;
    try {
      text = this.changes.read();
      if (text !== undefined) this.db.data = JSON.parse(text) as AuthState;
    } catch (error) {
      throw new FileError(STATE_FILE, `cannot read the auth state: ${(error as Error).message}`);
    }
    const state = { ...emptyState(), ...this.db.data } as Partial<AuthState>;
    this.db.data = state as AuthState;
    if (!Array.isArray(state.apiTokens) || !Array.isArray(state.users) || typeof state.secrets !== 'object' || state.secrets === null) {
      throw new FileError(STATE_FILE, 'the auth state must hold { secrets, apiTokens, users }');
    }
  }
}
