import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RefFolderWatch } from '../../core/branches/ref-watch.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

const refsFolder = () => {
  const dir = join(removeAfterFile(mkdtempSync(join(tmpdir(), 'ref-watch-'))), 'refs', 'heads');
  mkdirSync(dir, { recursive: true });
  return dir;
};

describe('a ref folder\'s watch says when a tip read there may be stale', () => {
  it('keeps the generation while nothing changes, and moves it once git renames a ref over the old one', async () => {
    const folder = refsFolder();
    writeFileSync(join(folder, 'spring'), `${'a'.repeat(40)}\n`);
    const refs = new RefFolderWatch(60_000);
    const at = refs.arm(folder);
    expect(at).toBeDefined();
    expect(refs.arm(folder)).toBe(at);
    // As git moves a ref: the new tip written beside it, then renamed over it.
    writeFileSync(join(folder, 'spring.lock'), `${'b'.repeat(40)}\n`);
    renameSync(join(folder, 'spring.lock'), join(folder, 'spring'));
    await expect.poll(() => refs.generation).not.toBe(at);
  });

  it('never trusts a folder it cannot watch: a missing one answers no generation, so the ref is read each time', () => {
    const refs = new RefFolderWatch(60_000);
    expect(refs.arm(join(refsFolder(), 'no-such-prefix'))).toBeUndefined();
    expect(refs.arm(join(refsFolder(), 'no-such-prefix'))).toBeUndefined();
  });

  it('moves the generation on its safety tick even when the file system reports nothing', async () => {
    const refs = new RefFolderWatch(20);
    const at = refs.arm(refsFolder());
    expect(at).toBeDefined();
    await expect.poll(() => refs.generation).toBeGreaterThan(at!);
  });
});
