// Where the file system makes no hard links (FAT, some network mounts), a lock is a copy of the holder file: the same
// exclusive creation and the same text, only one more file written per lock.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { holdLockFile } from '../../core/storage/lock-file.js';

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const link = (_from: string, _to: string, done: (error: NodeJS.ErrnoException) => void) => {
    done(Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' }));
  };
  return { ...real, link, default: { ...real, link } };
});

describe('holdLockFile where the file system refuses hard links', () => {
  it('copies the holder file instead, exclusively, and a second holder still waits for the first', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cms-lock-copy-'));
    const lock = join(root, '.cms', 'locks', 'api--article.article~abc.lock');
    const holder = join(root, '.cms', `.holder-${process.pid}.json`);
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolveHeld) => { release = resolveHeld; });
    let entered!: () => void;
    const inside = new Promise<void>((resolveInside) => { entered = resolveInside; });
    const first = holdLockFile(lock, async () => {
      events.push('first in');
      entered();
      await held;
      events.push('first out');
      return { text: readFileSync(lock, 'utf8'), linked: statSync(lock).ino === statSync(holder).ino };
    });
    await inside;
    const second = holdLockFile(lock, async () => { events.push('second in'); });
    release();
    const [seen] = await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
    expect(JSON.parse(seen.text)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(seen.linked).toBe(false);
    expect(existsSync(lock)).toBe(false);
  });
});
