/**
 * Types whose rows follow another store (the auth state's users, core/auth/user-rows.ts): each one's `sync` runs
 * before its rows are read or its version asked, and brings them up to date (a no-op when nothing changed). A sync
 * that reads the index meanwhile is not run again.
 *
 * @example
 * followers.set('plugin::users-permissions.user', sync); followers.catchUp('plugin::users-permissions.user')
 */
export class Followers {
  private readonly syncs = new Map<string, () => void>();
  private busy = false;

  set(uid: string, sync: () => void): void {
    this.syncs.set(uid, sync);
  }

  /** Every follower caught up: what the index's `version` counts then includes their stores' changes. */
  catchUpAll(): void {
    if (this.syncs.size) for (const uid of this.syncs.keys()) this.catchUp(uid);
  }

  catchUp(uid: string): void {
    const sync = this.syncs.size ? this.syncs.get(uid) : undefined;
    if (!sync || this.busy) return;
    this.busy = true;
    try { sync(); } finally { this.busy = false; }
  }
}
