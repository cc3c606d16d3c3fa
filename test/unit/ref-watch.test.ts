import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HeldRefs } from '../../core/branches/ref-watch.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

const TIP = (digit: string) => digit.repeat(40);
const hash = (text: string | undefined) => (text && /^[0-9a-f]{40}$/.test(text.trim()) ? text.trim() : undefined);
const held: HeldRefs[] = [];
afterEach(() => { for (const refs of held.splice(0)) refs.close(); });

/** A ref file holding `tip`, settled (modified a second ago), and a HeldRefs counting the files it read. */
function settledRef(tip: string) {
  const folder = join(removeAfterFile(mkdtempSync(join(tmpdir(), 'ref-watch-'))), 'refs', 'heads');
  mkdirSync(folder, { recursive: true });
  const ref = join(folder, 'spring');
  const write = (text: string) => {
    writeFileSync(`${ref}.lock`, text);
    const past = new Date(Date.now() - 1000);
    utimesSync(`${ref}.lock`, past, past);
    renameSync(`${ref}.lock`, ref);
  };
  write(`${tip}\n`);
  let reads = 0;
  const refs = new HeldRefs((name) => join(folder, name), (text) => { reads++; return hash(text); });
  held.push(refs);
  return { ref, refs, write, reads: () => reads };
}

describe('the ref files a batch of branch reads asks are held open and looked at with one fstat', () => {
  it('keeps a settled tip without reading the file again, and sees a ref git renamed over it at once', () => {
    const { refs, write, reads } = settledRef(TIP('a'));
    expect(refs.tip('spring')).toBe(TIP('a'));
    expect(refs.tip('spring')).toBe(TIP('a'));
    expect(reads()).toBe(1);
    // As git moves a ref: the new tip written beside it, then renamed over it (even with the old file's times).
    write(`${TIP('b')}\n`);
    expect(refs.tip('spring')).toBe(TIP('b'));
    expect(reads()).toBe(2);
  });

  it('sees a ref deleted and made again, and a ref rewritten in place with the same size', () => {
    const { ref, refs, write } = settledRef(TIP('a'));
    expect(refs.tip('spring')).toBe(TIP('a'));
    rmSync(ref);
    expect(refs.tip('spring')).toBeUndefined();
    expect(refs.tip('spring')).toBeUndefined();
    write(`${TIP('c')}\n`);
    expect(refs.tip('spring')).toBe(TIP('c'));
    writeFileSync(ref, `${TIP('d')}\n`);
    expect(refs.tip('spring')).toBe(TIP('d'));
  });

  it('reads again a ref modified too lately to be told apart from a rewrite in the same clock tick, and one holding no hash', () => {
    const { ref, refs, reads } = settledRef(TIP('a'));
    writeFileSync(ref, `${TIP('e')}\n`);
    expect(refs.tip('spring')).toBe(TIP('e'));
    expect(refs.tip('spring')).toBe(TIP('e'));
    expect(reads()).toBe(2);
    writeFileSync(ref, 'ref: refs/heads/other\n');
    utimesSync(ref, new Date(Date.now() - 1000), new Date(Date.now() - 1000));
    expect(refs.tip('spring')).toBeUndefined();
    expect(refs.tip('spring')).toBeUndefined();
    expect(reads()).toBe(4);
  });
});
