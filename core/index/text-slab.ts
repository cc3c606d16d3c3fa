/**
 * Texts kept outside the JavaScript heap, appended into large buffers: the collector neither copies
 * nor scans them, where a string per text would be copied by every young-generation collection it
 * survives. A text is read back by its buffer and byte range.
 *
 * @example
 * const slab = new TextSlab(); const at = slab.append('{"title":"Hi"}'); at.bytes.toString('utf8', at.start, at.end)
 */
export class TextSlab {
  #chunk: Buffer | undefined;
  #used = 0;

  constructor(private readonly chunkBytes = 8 << 20) {}

  /** Keep `text`; where it lies (the same buffer for many texts, so no object is made per text but this answer). */
  append(text: string): { bytes: Buffer; start: number; end: number } {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a text that may not fit starts a new buffer.
    const most = text.length * 3;
    if (!this.#chunk || this.#used + most > this.#chunk.length) {
      this.#chunk = Buffer.allocUnsafeSlow(Math.max(this.chunkBytes, most));
      this.#used = 0;
    }
    const start = this.#used;
    this.#used += this.#chunk.write(text, start, 'utf8');
    return { bytes: this.#chunk, start, end: this.#used };
  }
}
