// The look thread's file calls (the lock file's link, the disk view's lstat and sized read): each answered in its place,
// an error with its code, the calls of one turn in one message.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WriteThread } from '../../core/storage/write-thread.js';

const folder = () => mkdtempSync(join(tmpdir(), 'cms-thread-calls-'));
const thread = new WriteThread();
afterAll(() => thread.close());

describe('a thread\'s sized read: a racy file read by the size written', () => {
  it.each([
    ['the same size', 'ábc', Buffer.byteLength('ábc'), 'ábc'],
    ['grown since', 'abcdef', 3, 'abcd'],
    ['shrunk since', 'ab', 5, 'ab'],
    ['empty', '', 0, ''],
  ])('answers a file of %s as read (a longer one cut one byte past the size)', async (_case, text, size, expected) => {
    const path = join(folder(), 'a.json');
    writeFileSync(path, text);
    await expect(thread.call({ read: path, size })).resolves.toBe(expected);
  });

  it('refuses a symbolic link (ELOOP), never reading what it points to', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'secret'), 'x');
    symlinkSync(join(dir, 'secret'), join(dir, 'a.json'));
    await expect(thread.call({ read: join(dir, 'a.json'), size: 1 })).rejects.toMatchObject({ code: 'ELOOP' });
  });

  it.runIf(process.platform !== 'win32')('refuses a FIFO in the file\'s place at once, without waiting in open for a writer', async () => {
    const path = join(folder(), 'a.json');
    execFileSync('mkfifo', [path]);
    await expect(thread.call({ read: path, size: 10 })).rejects.toMatchObject({ code: 'ESPIPE' });
  });

  it('fails for a missing file with ENOENT', async () => {
    await expect(thread.call({ read: join(folder(), 'gone.json'), size: 1 })).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a thread\'s lstat, link and unlink', () => {
  it('tells a plain file and its modification time, a link as no plain file (not followed), a missing one by ENOENT', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'a.json'), '{}');
    symlinkSync(join(dir, 'a.json'), join(dir, 'b.json'));
    const [plain, linked, gone] = await Promise.allSettled([
      thread.call({ lstat: join(dir, 'a.json') }), thread.call({ lstat: join(dir, 'b.json') }), thread.call({ lstat: join(dir, 'c.json') }),
    ]);
    expect(plain).toEqual({ status: 'fulfilled', value: { file: true, mtimeMs: lstatSync(join(dir, 'a.json')).mtimeMs } });
    expect(linked).toMatchObject({ status: 'fulfilled', value: { file: false } });
    expect(gone).toMatchObject({ status: 'rejected', reason: { code: 'ENOENT' } });
  });

  it('links exclusively (a taken name fails with EEXIST, the first link kept), and unlinks, a missing file no error', async () => {
    const dir = folder();
    const holder = join(dir, 'holder');
    writeFileSync(holder, 'me');
    const [first, second] = await Promise.allSettled([
      thread.call({ link: holder, to: join(dir, 'lock') }), thread.call({ link: holder, to: join(dir, 'lock') }),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: null });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'EEXIST' } });
    expect(statSync(join(dir, 'lock')).ino).toBe(statSync(holder).ino);
    await thread.remove(join(dir, 'lock'));
    await thread.remove(join(dir, 'lock'));
    expect(existsSync(join(dir, 'lock'))).toBe(false);
  });
});
