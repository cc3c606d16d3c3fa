import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../core/errors.js';
import { CMS_GITIGNORE } from '../../core/storage/cms-folder.js';
import { holdLockFile } from '../../core/storage/lock-file.js';

const lockIn = () => {
  const root = mkdtempSync(join(tmpdir(), 'cms-lock-'));
  return { root, lock: join(root, '.cms', 'locks', 'api--article.article~abc.lock') };
};

/** The pid of a process that has exited (killed with SIGKILL, as a crash leaves its lock). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await new Promise((resolveSpawn) => child.once('spawn', resolveSpawn));
  await new Promise((resolveExit) => { child.once('exit', resolveExit); child.kill('SIGKILL'); });
  return child.pid!;
}

describe('holdLockFile: one writer of a document across processes', () => {
  it('creates .cms/ with its .gitignore and the lock naming its holder, and removes the lock after the work', async () => {
    const { root, lock } = lockIn();
    const seen = await holdLockFile(lock, async () => JSON.parse(readFileSync(lock, 'utf8')));
    expect(seen).toMatchObject({ pid: process.pid, host: hostname() });
    expect(existsSync(lock)).toBe(false);
    expect(readFileSync(join(root, '.cms/.gitignore'), 'utf8')).toBe(CMS_GITIGNORE);
  });

  it('a second holder waits until the first is done (a live holder is never taken over)', async () => {
    const { lock } = lockIn();
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolveHeld) => { release = resolveHeld; });
    let entered!: () => void;
    const inside = new Promise<void>((resolveInside) => { entered = resolveInside; });
    const first = holdLockFile(lock, async () => { events.push('first in'); entered(); await held; events.push('first out'); });
    await inside;
    const second = holdLockFile(lock, async () => { events.push('second in'); });
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('fails with a 503 naming the holder when a live one keeps the lock past the timeout, and releases on error', async () => {
    const { lock } = lockIn();
    mkdirSync(join(lock, '..'), { recursive: true });
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname() }));
    const error = await holdLockFile(lock, async () => 'never', { timeoutMs: 30 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as Error).message).toBe(`The document is being written by process ${process.pid} on ${hostname()}; try again`);
    await expect(holdLockFile(join(lock, '..', 'other.lock'), async () => { throw new Error('work failed'); })).rejects.toThrow('work failed');
    expect(existsSync(join(lock, '..', 'other.lock'))).toBe(false);
  });

  it('takes over a lock whose holder died (SIGKILL), and an empty lock left by a crash at creation once it is old', async () => {
    const { lock } = lockIn();
    mkdirSync(join(lock, '..'), { recursive: true });
    writeFileSync(lock, JSON.stringify({ pid: await deadPid(), host: hostname() }));
    expect(await holdLockFile(lock, async () => 'taken over')).toBe('taken over');
    writeFileSync(lock, '');
    utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(await holdLockFile(lock, async () => 'empty one too')).toBe('empty one too');
  });

  it('two waiters on one dead holder\'s lock take it one after the other, never both at once', async () => {
    const { lock } = lockIn();
    mkdirSync(join(lock, '..'), { recursive: true });
    writeFileSync(lock, JSON.stringify({ pid: await deadPid(), host: hostname() }));
    let inside = 0;
    let most = 0;
    const work = async () => { inside++; most = Math.max(most, inside); await Promise.resolve(); inside--; };
    await Promise.all([holdLockFile(lock, work), holdLockFile(lock, work), holdLockFile(lock, work)]);
    expect(most).toBe(1);
  });

  it('a lock is a hard link to this process\'s holder file in .cms/, written again when the folder was wiped', async () => {
    const { root, lock } = lockIn();
    const holder = join(root, '.cms', `.holder-${process.pid}.json`);
    const [seen, linked] = await holdLockFile(lock, async () => [readFileSync(lock, 'utf8'), statSync(lock).ino === statSync(holder).ino]);
    expect(JSON.parse(seen as string)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(linked).toBe(true);
    expect(readFileSync(holder, 'utf8')).toBe(seen);
    expect(statSync(holder).nlink).toBe(1);
    rmSync(join(root, '.cms'), { recursive: true });
    expect(await holdLockFile(lock, async () => JSON.parse(readFileSync(lock, 'utf8')).pid)).toBe(process.pid);
    expect(readdirSync(join(lock, '..'))).toEqual([]);
    expect(readFileSync(holder, 'utf8')).toBe(seen);
  });

  it('takes over at once a lock naming this process that none of its takes holds (a link whose answer was lost), never one it holds', async () => {
    const { root, lock } = lockIn();
    const holder = join(root, '.cms', `.holder-${process.pid}.json`);
    const held = await holdLockFile(lock, async () => {
      const second = await holdLockFile(lock, async () => 'taken twice', { timeoutMs: 0 }).catch((error: unknown) => error);
      linkSync(holder, `${lock}.kept`);
      return second;
    });
    expect(held).toBeInstanceOf(ServiceUnavailableError);
    renameSync(`${lock}.kept`, lock);
    expect(await holdLockFile(lock, async () => statSync(lock).ino === statSync(holder).ino, { timeoutMs: 0 })).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it('with releaseLater, answers before the lock is removed, and this process\'s next take waits for the removal, not for a timeout', async () => {
    const { lock } = lockIn();
    expect(await holdLockFile(lock, async () => existsSync(lock), { releaseLater: true })).toBe(true);
    // Had the second take met the first's lock, it would have had to take over a lock of this live process (see below).
    expect(await holdLockFile(lock, async () => existsSync(lock), { releaseLater: true, timeoutMs: 0 })).toBe(true);
    await holdLockFile(lock, async () => undefined, { timeoutMs: 0 });
    expect(existsSync(lock)).toBe(false);
  });

  it('another process waiting for a lock this process takes back to back (releaseLater) gets its turn within seconds', async () => {
    const { root, lock } = lockIn();
    let writing = true;
    const writes = (async () => {
      while (writing) {
        await holdLockFile(lock, () => new Promise((resolveWrite) => setTimeout(resolveWrite, 1)), { releaseLater: true, looks: [{ lstat: root }] });
      }
    })();
    const module = resolve('dist/core/storage/lock-file.js');
    const code = `const { holdLockFile } = await import(${JSON.stringify(module)}); const started = Date.now();
      await holdLockFile(${JSON.stringify(lock)}, async () => {}, { timeoutMs: 5_000 }); console.log(Date.now() - started);`;
    const waiter = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    waiter.stdout.on('data', (chunk: Buffer) => { out += chunk; });
    const exitCode = await new Promise((resolveExit) => waiter.once('exit', resolveExit));
    writing = false;
    await writes;
    // A 503 after 5 s (exit code 1) had the lock never been let go between two takes of this process.
    expect(exitCode).toBe(0);
    expect(Number(out.trim())).toBeLessThan(5_000);
  });

  it('removes the holder files of this host\'s dead processes (a SIGKILL skips the exit handler), never a live or another host\'s', async () => {
    const { root, lock } = lockIn();
    mkdirSync(join(root, '.cms'), { recursive: true });
    const dead = await deadPid();
    const holders = { dead: `.holder-${dead}.json`, live: `.holder-${process.ppid}.json`, elsewhere: `.holder-${dead + 1}.json` };
    writeFileSync(join(root, '.cms', holders.dead), JSON.stringify({ pid: dead, host: hostname() }));
    writeFileSync(join(root, '.cms', holders.live), JSON.stringify({ pid: process.ppid, host: hostname() }));
    writeFileSync(join(root, '.cms', holders.elsewhere), JSON.stringify({ pid: dead, host: `not-${hostname()}` }));
    await holdLockFile(lock, async () => undefined);
    expect(readdirSync(join(root, '.cms')).filter((name) => name.startsWith('.holder-')).sort())
      .toEqual([holders.elsewhere, holders.live, `.holder-${process.pid}.json`].sort());
  });

  it('a process removes its holder file when it exits', async () => {
    const { lock } = lockIn();
    const module = resolve('dist/core/storage/lock-file.js');
    // The child exits 3 unless its holder file is there while it holds the lock.
    const code = `const { existsSync } = await import('node:fs'); const { holdLockFile } = await import(${JSON.stringify(module)});
      const lock = ${JSON.stringify(lock)}; const holder = lock.slice(0, lock.lastIndexOf('/locks/')) + '/.holder-' + process.pid + '.json';
      await holdLockFile(lock, async () => { if (!existsSync(holder)) process.exit(3); });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code]);
    const exitCode = await new Promise((resolveExit) => child.once('exit', resolveExit));
    expect(exitCode).toBe(0);
    expect(readdirSync(join(lock, '..', '..')).filter((name) => name.startsWith('.holder-'))).toEqual([]);
  });
});
