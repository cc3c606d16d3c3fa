import { closeSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HeldFile } from '../../core/storage/held-file.js';

/** The descriptor a HeldFile holds (private: read and replaced here only to make its close fail). */
const fdOf = (held: HeldFile) => held as unknown as { fd: number | undefined };

describe('a held file', () => {
  const dirs: string[] = [];
  const folder = () => { const dir = mkdtempSync(join(tmpdir(), 'held-file-')); dirs.push(dir); return dir; };
  afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

  it('says changed once another process renames a new version over it, and reads that version', () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    writeFileSync(file, '{"v":1}');
    const held = new HeldFile(file);
    expect(held.read()).toBe('{"v":1}');
    expect(held.changed()).toBe(false);
    writeFileSync(join(dir, 'next'), '{"v":2}');
    renameSync(join(dir, 'next'), file);
    expect(held.changed()).toBe(true);
    expect(held.read()).toBe('{"v":2}');
    expect(held.changed()).toBe(false);
  });

  it('holds the descriptor it adopts even when letting go of the one held before fails (no leak, no throw)', () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    writeFileSync(file, '{"v":1}');
    const held = new HeldFile(file);
    held.read();
    // The old descriptor is closed behind the holder's back and replaced by a number no descriptor has: the holder's
    // own close of it then fails (EBADF), whatever number the next open is given.
    closeSync(fdOf(held).fd!);
    fdOf(held).fd = 2 ** 30;
    writeFileSync(join(dir, 'next'), '{"v":2}');
    const written = openSync(join(dir, 'next'), 'r');
    renameSync(join(dir, 'next'), file);
    expect(() => held.adopt(written)).not.toThrow();
    expect(fdOf(held).fd).toBe(written);
    expect(held.changed()).toBe(false);
    expect(held.read()).toBe('{"v":2}');
  });
});
