import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptOrReleased, releaseSoon, releaseUnderway } from '../../core/storage/lock-release.js';

/** A lock file of this process's, as a take leaves it. */
function madeLock(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cms-lock-release-')), 'api--article.article~abc.lock');
  writeFileSync(path, '{}');
  return path;
}

describe('a lock\'s removal after its write (releaseLater)', () => {
  it('is taken back by this process\'s next take while it is not sent: the lock is kept, and counted from when it was made', async () => {
    const path = madeLock();
    const made = Date.now();
    releaseSoon(path, made);
    expect(releaseUnderway(path)).toBe(true);
    expect(await keptOrReleased(path, false)).toBe(made);
    expect(releaseUnderway(path)).toBe(false);
    await new Promise((resolveLater) => setTimeout(resolveLater, 30)); // past the removal's 5 ms: it was never sent
    expect(existsSync(path)).toBe(true);
  });

  it('is made within moments when no take comes, and a lock going is never one left over', async () => {
    const path = madeLock();
    releaseSoon(path, Date.now());
    expect(releaseUnderway(path)).toBe(true);
    await expect.poll(() => existsSync(path), { interval: 2 }).toBe(false);
    await expect.poll(() => releaseUnderway(path), { interval: 2 }).toBe(false);
    expect(await keptOrReleased(path, false)).toBeUndefined();
  });

  it('never keeps a lock another take in this process waits for: the removal goes at once and the take waits for it', async () => {
    const path = madeLock();
    releaseSoon(path, Date.now());
    expect(await keptOrReleased(path, true)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });

  it('lets a lock kept through back-to-back takes go after 10 ms, so that another process waiting for it has a gap to take it in', async () => {
    const path = madeLock();
    releaseSoon(path, Date.now() - 11);
    expect(await keptOrReleased(path, false)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });
});
