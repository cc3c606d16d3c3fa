import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAhead } from '../../core/index/snapshot/snapshot-record.js';
import { TextRecord } from '../../core/index/text-record.js';
import { TextSlab } from '../../core/index/text-slab.js';

const dir = mkdtempSync(join(tmpdir(), 'text-slab-spill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = Array.from({ length: 300 }, (_, i) => `{"title":"Crème brûlée ${i} 🍮","body":"${'x'.repeat(i * 7)}"}`);

/** A slab spilling into `spillDir` past 1 KB buffers, each text read from a file (as a cold start reads them). */
function spilledSlab(spillDir: string) {
  const slab = TextSlab.spilling(spillDir, 1024);
  const kept = texts.map((text, i) => {
    const path = join(dir, `f${i}.json`);
    writeFileSync(path, text);
    const fd = openSync(path, 'r');
    try {
      return slab.keep(slab.readFile(fd));
    } finally {
      closeSync(fd);
    }
  });
  return { slab, kept };
}

describe('TextSlab.spilling: kept texts in a scratch file, read back by offset', () => {
  it('reads back every text as kept, in order, out of order and again, from the file and from its last buffer', () => {
    const spillDir = mkdtempSync(join(dir, 'spill-'));
    const { slab, kept } = spilledSlab(spillDir);
    expect(slab.spills).toBe(true);
    expect(kept.map((at) => slab.text(at))).toEqual(texts);
    const order = kept.map((_, i) => (i * 7919) % kept.length);
    expect(order.map((i) => slab.text(kept[i]))).toEqual(order.map((i) => texts[i]));
    expect(slab.text(kept[0])).toBe(texts[0]);
    // The file is unlinked as soon as it is made: nothing is left behind.
    expect(readdirSync(spillDir)).toEqual([]);
  });

  it('keeps the texts in memory when the scratch file cannot be made', () => {
    // Its folder cannot be made either: a file stands where it would be.
    writeFileSync(join(dir, 'a-file'), '');
    const { slab, kept } = spilledSlab(join(dir, 'a-file', 'scratch'));
    expect(slab.spills).toBe(false);
    expect(kept.map((at) => slab.text(at))).toEqual(texts);
  });

  it('parses records read ahead in the order their texts lie, each to its own fields', () => {
    const { slab, kept } = spilledSlab(mkdtempSync(join(dir, 'ahead-')));
    const records = kept.map((_, i) => new TextRecord({
      file: `content/articles/a${i}.json`, uid: 'api::article.article', documentId: `a${i}`, locale: null, draft: false,
      createdAt: undefined, updatedAt: undefined, publishedAt: undefined, mtimeMs: 0,
    }, texts[i], slab));
    expect(records.every((record) => record.keptStart !== undefined)).toBe(true);
    readAhead([...records].reverse());
    expect(records.every((record) => !record.unparsed)).toBe(true);
    expect(records.map((record) => record.data.title)).toEqual(texts.map((text) => JSON.parse(text).title));
  });
});
