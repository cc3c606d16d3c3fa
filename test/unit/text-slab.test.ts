import { describe, expect, it } from 'vitest';
import { TextSlab } from '../../core/index/text-slab.js';

describe('TextSlab: texts kept outside the heap', () => {
  it('reads back every text it kept, byte for byte, multi-byte characters included', () => {
    const slab = new TextSlab(64, 256);
    const texts = Array.from({ length: 200 }, (_, i) => `{"title":"Crème brûlée ${i} 🍮","n":${i}}`);
    const kept = texts.map((text) => slab.append(text));
    expect(kept.map((at) => slab.text(at))).toEqual(texts);
  });

  it('doubles each new buffer up to its ceiling, so the memory V8 counts outside its heap grows in few steps', () => {
    const slab = new TextSlab(1024, 8192);
    const text = 'x'.repeat(100);
    // 64 KB of texts: 1 + 2 + 4 + 8 KB, then 8 KB buffers; fixed 1 KB buffers would take 64 or more.
    for (let i = 0; i < 640; i++) slab.append(text);
    expect(slab.buffers).toBe(11);
  });

  it('gives a text longer than the next buffer a buffer of its own size', () => {
    const slab = new TextSlab(16, 64);
    const long = 'é'.repeat(1000);
    const at = slab.append(long);
    expect(at.end - at.start).toBe(Buffer.byteLength(long));
    expect(slab.text(at)).toBe(long);
  });
});
