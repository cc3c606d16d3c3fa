import { readSync } from 'node:fs';

/** Room left for a file read into the slab before a new buffer is started (a larger file moves to a new one). */
const READ_ROOM = 64 << 10;

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
 * const text = slab.readFile(fd); const kept = slab.keep(text) // a file's bytes read where they are kept: no second copy
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

  /** The text `readFile` last returned, and where its bytes end (after `#used`): kept only if `keep` asks for it. */
  #read: { text: string; end: number } | undefined;

  /** Keep `text`; where it lies (the same buffer for many texts, so no object is made per text but this answer). */
  append(text: string): { bytes: Buffer; start: number; end: number } {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a text that may not fit starts a new buffer.
    this.#room(text.length * 3);
    const start = this.#used;
    this.#used += this.#chunk!.write(text, start, 'utf8');
    return { bytes: this.#chunk!, start, end: this.#used };
  }

  /**
   * Read an open file from where it is to its end into the slab, after the texts kept so far, and decode it as UTF-8
   * (as `readFileSync(fd, 'utf8')` does). Its bytes are kept only if `keep` is then given this text; the next read or
   * append takes their place otherwise (a YAML file, a file with a problem).
   */
  readFile(fd: number): string {
    this.#read = undefined;
    this.#room(READ_ROOM);
    let end = this.#used;
    for (;;) {
      const chunk = this.#chunk!;
      const got = readSync(fd, chunk, end, chunk.length - end, null);
      if (got === 0) break;
      end += got;
      // Full: the bytes so far move to a new buffer with room for as many again.
      if (end === chunk.length) {
        const read = end - this.#used;
        this.#room(read * 2 + READ_ROOM, true);
        chunk.copy(this.#chunk!, 0, end - read, end);
        end = read;
      }
    }
    const text = this.#chunk!.toString('utf8', this.#used, end);
    this.#read = { text, end };
    return text;
  }

  /** Keep `text`: the bytes it was read from when it is what `readFile` last returned, else its UTF-8 appended. */
  keep(text: string): { bytes: Buffer; start: number; end: number } {
    const read = this.#read;
    if (read?.text !== text) return this.append(text);
    this.#read = undefined;
    const start = this.#used;
    this.#used = read.end;
    return { bytes: this.#chunk!, start, end: this.#used };
  }

  /** Make sure `bytes` fit after the kept texts (`always`: start a new buffer regardless); a read's pending bytes are dropped. */
  #room(bytes: number, always = false): void {
    if (!always) this.#read = undefined;
    if (!always && this.#chunk && this.#used + bytes <= this.#chunk.length) return;
    this.#chunk = Buffer.allocUnsafeSlow(Math.max(this.#next, bytes));
    this.#next = Math.min(this.#next * 2, this.mostBytes);
    this.#used = 0;
    this.buffers++;
  }
}
