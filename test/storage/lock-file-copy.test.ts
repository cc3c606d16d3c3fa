// Where the file system makes no hard links (FAT, some network mounts), a lock is a copy of the holder file: the same
// exclusive creation and the same text, only one more file written per lock.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ServiceUnavailableError } from '../../core/errors.js';
import { holdLockFile } from '../../core/storage/lock-file.js';

// The lock's link is made by the look thread: its file system refuses links, as such a mount does (and the pool's too,
// should the thread end).
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const link = (_from: string, _to: string, done: (error: NodeJS.ErrnoException) => void) => {
    done(Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' }));
  };
  return { ...real, link, default: { ...real, link } };
});
vi.mock('../../core/storage/write-thread.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/storage/write-thread.js')>();
  const refusing = new real.WriteThread({
    files: "({ ...load('node:fs'), linkSync() { throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' }); } })",
  });
  return { ...real, processLookThread: () => refusing };
});

describe('holdLockFile where the file system refuses hard links', () => {
  it('copies the holder file instead, exclusively: a second take while it is held fails, and the lock goes after the work', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cms-lock-copy-'));
    const lock = join(root, '.cms', 'locks', 'api--article.article~abc.lock');
    const holder = join(root, '.cms', `.holder-${process.pid}.json`);
    const seen = await holdLockFile(lock, async () => ({
      text: readFileSync(lock, 'utf8'),
      linked: statSync(lock).ino === statSync(holder).ino,
      second: await holdLockFile(lock, async () => 'taken twice', { timeoutMs: 0 }).catch((error: unknown) => error),
    }));
    expect(JSON.parse(seen.text)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(seen.linked).toBe(false);
    expect(seen.second).toBeInstanceOf(ServiceUnavailableError);
    expect(existsSync(lock)).toBe(false);
  });
});
