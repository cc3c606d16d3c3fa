import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TextSlab } from '../../core/index/text-slab.js';

const dir = mkdtempSync(join(tmpdir(), 'text-slab-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Write `content` to a file and read it through the slab. */
function readThrough(slab: TextSlab, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  const fd = openSync(path, 'r');
  try {
    return slab.readFile(fd);
  } finally {
    closeSync(fd);
  }
}


describe('TextSlab.readFile: a file read where its text is kept', () => {
  it('decodes each file as readFileSync does, and keeps the bytes read without a second copy', () => {
    const slab = new TextSlab(1 << 20, 1 << 20);
    const texts = ['{"title":"Crème brûlée 🍮"}', '', '{"n":1}'];
    const kept = texts.map((content, i) => {
      const text = readThrough(slab, `kept-${i}.json`, content);
      expect(text).toBe(readFileSync(join(dir, `kept-${i}.json`), 'utf8'));
      return slab.keep(text);
    });
    expect(kept.map((at) => slab.text(at))).toEqual(texts);
    // One after another in the one buffer: the bytes read are the bytes kept.
    expect(kept[1].start).toBe(kept[0].end);
    expect(kept[2].start).toBe(kept[1].end);
    expect(slab.buffers).toBe(1);
  });

  it('lets a read nobody keeps be taken over by the next, the kept texts before it untouched', () => {
    const slab = new TextSlab(1 << 20, 1 << 20);
    const first = slab.keep(readThrough(slab, 'a.json', '{"a":1}'));
    readThrough(slab, 'b.yaml', 'title: dropped\n');
    const third = slab.keep(readThrough(slab, 'c.json', '{"c":3}'));
    expect(slab.text(first)).toBe('{"a":1}');
    expect(third.start).toBe(first.end);
    expect(slab.text(third)).toBe('{"c":3}');
  });

  it('keeps bytes that are not UTF-8 as read, and decodes them as readFileSync does', () => {
    const slab = new TextSlab(1 << 20, 1 << 20);
    const raw = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x22, 0x7d]);
    const text = readThrough(slab, 'bad.json', raw);
    expect(text).toBe(raw.toString('utf8'));
    const at = slab.keep(text);
    // The bytes read, not the text encoded again (U+FFFD would take 3 bytes each).
    expect(at.end - at.start).toBe(raw.length);
    expect(slab.text(at)).toBe(text);
  });

  it('moves a file larger than the room left to a new buffer, and reads it whole', () => {
    const slab = new TextSlab(1024, 1024);
    const before = slab.keep(readThrough(slab, 'small.json', '{"s":1}'));
    const large = `{"body":"${'é'.repeat(200_000)}"}`;
    const at = slab.keep(readThrough(slab, 'large.json', large));
    expect(slab.text(at)).toBe(large);
    expect(slab.buffers).toBeGreaterThan(1);
    expect(slab.text(before)).toBe('{"s":1}');
  });

  it('appends a text that is not the last one read, and a read the append took the place of is not kept', () => {
    const slab = new TextSlab(1 << 20, 1 << 20);
    const read = readThrough(slab, 'read.json', '{"r":1}');
    const other = slab.keep('{"other":2}');
    expect(slab.text(other)).toBe('{"other":2}');
    // The read's bytes were overwritten by the append: keeping it now appends its text again.
    const again = slab.keep(read);
    expect(again.start).toBe(other.end);
    expect(slab.text(again)).toBe('{"r":1}');
  });
});
