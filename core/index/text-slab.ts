/**
 * Texts kept outside the JavaScript heap, appended into large buffers: the collector neither copies
 * nor scans them, where a string per text would be copied by every young-generation collection it
 * survives. A text is read back by its buffer and byte range.
 *
 * Each new buffer is twice the last, up to 512 MB. V8 starts a full mark-compact whenever the memory
 * held outside its heap has grown by its limit (64 MB) since the last one: 2 GB of texts (a million
 * documents) in 8 MB buffers started 27 of them in a loop that did nothing else, and 46 during a 1M cold
 * start, each marking a heap of gigabytes and freeing nothing (docs/reference/performance-scale.md).
 * Doubled buffers take ten. A buffer's untouched tail costs address space, not memory: Node allocates
 * it uninitialised, so its pages are resident only once written.
 *
 * @example
 * const slab = new TextSlab(); const at = slab.append('{"title":"Hi"}'); at.bytes.toString('utf8', at.start, at.end)
 */
export class TextSlab {
  #chunk: Buffer | undefined;
  #used = 0;
  #next: number;
  /** How many buffers were allocated (each one a step of the memory V8 counts outside its heap). */
  buffers = 0;

  constructor(firstBytes = 8 << 20, private readonly mostBytes = 512 << 20) {
    this.#next = firstBytes;
  }

  /** Keep `text`; where it lies (the same buffer for many texts, so no object is made per text but this answer). */
  append(text: string): { bytes: Buffer; start: number; end: number } {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a text that may not fit starts a new buffer.
    const most = text.length * 3;
    if (!this.#chunk || this.#used + most > this.#chunk.length) {
      this.#chunk = Buffer.allocUnsafeSlow(Math.max(this.#next, most));
      this.#next = Math.min(this.#next * 2, this.mostBytes);
      this.#used = 0;
      this.buffers++;
    }
    const start = this.#used;
    this.#used += this.#chunk.write(text, start, 'utf8');
    return { bytes: this.#chunk, start, end: this.#used };
  }
}
