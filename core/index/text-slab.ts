import { randomUUID } from 'node:crypto';
import { closeSync, constants, mkdirSync, openSync, readSync, unlinkSync, write, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCmsFolder } from '../storage/cms-folder.js';
import { heldAt, holdInOrder, type Held } from './held-buffers.js';

/** Room left for a file read into the slab before a new buffer is started (a larger file moves to a new one). */
const READ_ROOM = 64 << 10;
/** How much of the scratch file one read back takes (the texts after the one asked for come from it). */
const READ_BACK = 256 << 10;
/** How many full buffers may be on their way to the scratch file at once (the thread pool writes them). */
const FLYING = 2;

/** A kept text's place: byte offsets in the slab's one run of bytes (the file's, then the buffers'). */
export interface KeptText {
  start: number;
  end: number;
}

/** Closes a spilling slab's file once nothing can read from it any more (records dropped unread). */
const unreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * Texts kept outside the JavaScript heap: the collector neither copies nor scans them, where a string per text would
 * be copied by every young-generation collection it survives. Each text is a byte range of one run of bytes.
 *
 * Spilling (`TextSlab.spilling`, a cold start's): the run is a scratch file, unlinked as soon as it is made, written a
 * buffer at a time, and a text is read back by offset (`pread`) on its first read, as a restart reads its snapshot's
 * fields. Only the last buffer stays in memory once the load is done (`loaded`): a million documents' 2 GB of text sit in the page cache, which the
 * kernel may drop, not in the process's resident memory. The writes cost system time, about what touching as much new
 * memory did for 195 MB and 1.2 s more for 2 GB (the page cache the kernel reclaims for them; docs/reference/
 * performance-scale.md). A full buffer is written by the thread pool (`fs.write`) while this thread fills the next one,
 * so that cost is off the load's thread: at most `FLYING` buffers are on their way, each read from memory until its
 * write has ended and used again only then; past that a buffer is written in place (`writeSync`), so a caller that never
 * waits (`ready`) holds no more. When no file can be made or a write fails, the run stays in memory from there on (a
 * failed buffer's texts are read from it).
 *
 * In memory, each new buffer is twice the last, up to 512 MB. V8 starts a full mark-compact whenever the memory held
 * outside its heap has grown by its limit (64 MB) since the last one: 2 GB of texts in 8 MB buffers started 46 of them
 * during a 1M cold start, each marking a heap of gigabytes and freeing nothing. Doubled buffers take ten. A buffer's
 * untouched tail costs address space, not memory: Node allocates it uninitialised.
 *
 * @example
 * const slab = new TextSlab(); const at = slab.append('{"title":"Hi"}'); slab.text(at) // '{"title":"Hi"}'
 * const text = slab.readFile(fd); const kept = slab.keep(text) // a file's bytes read where they are kept: no second copy
 */
export class TextSlab {
  /** The buffer texts go to now, from offset `#base` of the run; `#used` of its bytes are kept. */
  #chunk: Buffer | undefined;
  #base = 0;
  #used = 0;
  #next: number;
  /** Earlier buffers still in memory, each with the offset of the run it starts at and how many bytes it holds, by offset. */
  readonly #held: Held[] = [];
  /** Buffers being written to the file (not used again before their write ends), oldest first, and buffers free again. */
  readonly #flying: Held[] = [];
  readonly #spare: Buffer[] = [];
  /** `ready`'s promise, one for every caller, and what settles it when a write ends. */
  #landing: Promise<void> | undefined;
  #landed: (() => void) | undefined;
  /** Whether a written buffer is kept to be used again: only while the load still fills buffers (`loaded`). */
  #reusing = true;
  /** The scratch file (made when the first buffer is full), where the bytes written so far end, and whether more go there. */
  #fd: number | undefined;
  #written = 0;
  #spilling: boolean;
  readonly #token = {};
  /** The block of the file read last (`#readBack`), in a buffer used again. */
  #block: { start: number; length: number; bytes: Buffer } | undefined;
  #blockBytes: Buffer | undefined;
  /** Where the text read back last ended: a read starting there is likely followed by the next ones. */
  #lastEnd = -1;
  /** The text `readFile` last returned, and where its bytes end (after `#used`): kept only if `keep` asks for it. */
  #read: { text: string; end: number } | undefined;
  /** How many buffers were allocated (each one a step of the memory V8 counts outside its heap). */
  buffers = 0;

  /** `spillDir`: where the scratch file is made (the folder too) once the first buffer is full (a small site never makes one). */
  constructor(firstBytes = 8 << 20, private mostBytes = 512 << 20, private readonly spillDir?: string) {
    this.#next = firstBytes;
    this.#spilling = spillDir !== undefined;
  }

  /** A slab that spills into a scratch file in `dir` (made for this process alone, unlinked at once) past its first buffer. */
  static spilling(dir: string, bufferBytes = 8 << 20): TextSlab {
    return new TextSlab(bufferBytes, bufferBytes, dir);
  }

  /** Do kept texts go to a scratch file? */
  get spills(): boolean {
    return this.#spilling;
  }

  /**
   * Undefined while a full buffer can go to the thread pool; else a promise settled when a write has ended. A loader
   * awaits it between files: the writes' ends are only heard while the event loop turns.
   */
  ready(): Promise<void> | undefined {
    if (this.#flying.length < FLYING) return undefined;
    return (this.#landing ??= new Promise((resolve) => (this.#landed = resolve)));
  }

  /** Bytes of buffers the slab holds in memory: the one it fills, those on their way or kept, and spares. */
  get bufferBytes(): number {
    const buffers = [...this.#flying.map((held) => held.bytes), ...this.#held.map((held) => held.bytes), ...this.#spare];
    return buffers.reduce((sum, bytes) => sum + bytes.length, this.#chunk?.length ?? 0);
  }

  /** The load is done: no written buffer is kept to be used again (up to `FLYING` of 8 MB, resident as long as the slab). */
  loaded(): void {
    this.#reusing = false;
    this.#spare.length = 0;
  }

  /** Keep `text`; where it lies. */
  append(text: string): KeptText {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a text that may not fit starts a new buffer.
    this.#read = undefined;
    this.#room(text.length * 3, 0);
    const start = this.#used;
    this.#used += this.#chunk!.write(text, start, 'utf8');
    return { start: this.#base + start, end: this.#base + this.#used };
  }

  /**
   * Read an open file from where it is to its end into the slab, after the texts kept so far, and decode it as UTF-8
   * (as `readFileSync(fd, 'utf8')` does). Its bytes are kept only if `keep` is then given this text; the next read or
   * append takes their place otherwise (a YAML file, a file with a problem).
   */
  readFile(fd: number): string {
    this.#read = undefined;
    let end = this.#room(READ_ROOM, 0);
    for (;;) {
      const chunk = this.#chunk!;
      const room = chunk.length - end;
      const got = readSync(fd, chunk, end, room, null);
      end += got;
      // A read that comes back short is the file's end (a regular file, as storage/no-follow.ts's `readToEnd` reads one):
      // one read per file, not a second one answering 0.
      if (got < room) break;
      // Full: the bytes so far move to a buffer with room for as many again.
      end = this.#room((end - this.#used) * 2 + READ_ROOM, end - this.#used);
    }
    const text = this.#chunk!.toString('utf8', this.#used, end);
    this.#read = { text, end };
    return text;
  }

  /** Keep `text`: the bytes it was read from when it is what `readFile` last returned, else its UTF-8 appended. */
  keep(text: string): KeptText {
    const read = this.#read;
    if (read?.text !== text) return this.append(text);
    this.#read = undefined;
    const start = this.#used;
    this.#used = read.end;
    return { start: this.#base + start, end: this.#base + this.#used };
  }

  /** A kept text, decoded. */
  text(at: KeptText): string {
    if (at.start >= this.#base) return this.#chunk!.toString('utf8', at.start - this.#base, at.end - this.#base);
    const held = heldAt(this.#flying, at.start) ?? heldAt(this.#held, at.start);
    if (!held) return this.#readBack(at);
    return held.bytes.toString('utf8', at.start - held.base, at.end - held.base);
  }

  /**
   * Make room for `bytes` after the kept bytes; `pending` bytes read after them move along. Returns where the pending
   * bytes end. Spilling, the kept bytes go to the file and the buffer is used again (a larger one for a larger text).
   */
  #room(bytes: number, pending: number): number {
    const chunk = this.#chunk;
    if (chunk && this.#used + bytes <= chunk.length) return this.#used + pending;
    const from = this.#used;
    let next: Buffer | undefined;
    if (chunk && this.#spilling && this.#open() && this.#flying.length < FLYING) {
      this.#writeBehind({ base: this.#base, length: from, bytes: chunk });
      const spare = this.#spare.pop();
      if (spare && bytes <= spare.length) next = spare;
      else if (spare) this.#spare.push(spare);
    } else if (chunk && this.#spilling && this.#spill(chunk, from)) {
      if (bytes <= chunk.length) next = chunk;
    } else if (chunk) {
      holdInOrder(this.#held, { base: this.#base, length: from, bytes: chunk });
    }
    if (!next) {
      next = Buffer.allocUnsafeSlow(Math.max(this.#next, bytes));
      this.#next = Math.min(this.#next * 2, this.mostBytes);
      this.buffers++;
    }
    // Buffer.copy moves overlapping bytes correctly (the same buffer used again).
    if (pending) chunk!.copy(next, 0, from, from + pending);
    this.#base += from;
    this.#chunk = next;
    this.#used = 0;
    return pending;
  }

  /** The scratch file, made on first need; when it cannot be made, the run stays in memory. */
  #open(): boolean {
    if (this.#fd !== undefined) return true;
    const path = join(this.spillDir!, `.cms-texts-${process.pid}-${randomUUID()}`);
    let fd: number | undefined;
    try {
      // The folder (the site's `.cms/tmp`: on the site's own disk, not a `/tmp` that may be memory) made on first need.
      ensureCmsFolder(this.spillDir!);
      mkdirSync(this.spillDir!, { recursive: true, mode: 0o700 });
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
      unlinkSync(path);
    } catch {
      if (fd !== undefined) closeSync(fd);
      return this.#stopSpilling();
    }
    this.#fd = fd;
    unreachable.register(this, fd, this.#token);
    return true;
  }

  /** Keep the rest of the run in memory, its buffers doubling again. */
  #stopSpilling(): false {
    this.#spilling = false;
    this.mostBytes = 512 << 20;
    return false;
  }

  /**
   * Hand a full buffer to the thread pool. Until its write has ended its texts are read from it; then it is free again,
   * or, when the write failed (a full disk), it is held in memory and the rest of the run stays there too.
   */
  #writeBehind(held: Held): void {
    this.#flying.push(held);
    const { base, length, bytes } = held;
    const landed = (error: Error | null): void => {
      this.#flying.splice(this.#flying.indexOf(held), 1);
      // A block read back while this write was under way may hold bytes from before it.
      this.#block = undefined;
      if (error) {
        holdInOrder(this.#held, held);
        this.#stopSpilling();
      } else {
        this.#written = Math.max(this.#written, base + length);
        if (this.#reusing && this.#spilling && bytes.length === this.#next) this.#spare.push(bytes);
      }
      const wake = this.#landed;
      this.#landed = undefined;
      this.#landing = undefined;
      wake?.();
    };
    const onward = (done: number) => (error: Error | null, wrote: number): void => {
      if (error || done + wrote >= length) landed(error);
      else write(this.#fd!, bytes, done + wrote, length - done - wrote, base + done + wrote, onward(done + wrote));
    };
    if (length === 0) landed(null);
    else write(this.#fd!, bytes, 0, length, base, onward(0));
  }

  /** Write `chunk`'s first `length` bytes to the file; on failure (a full disk) the run stays in memory from here on. */
  #spill(chunk: Buffer, length: number): boolean {
    try {
      for (let done = 0; done < length;) done += writeSync(this.#fd!, chunk, done, length - done, this.#base + done);
      this.#written = Math.max(this.#written, this.#base + length);
      this.#block = undefined;
      return true;
    } catch {
      // The bytes written before stay readable there; these and all later ones are held in memory.
      return this.#stopSpilling();
    }
  }

  /**
   * A text in the file, read by offset. A type's texts lie one after another (a load reads a folder's files in turn), and
   * a type read in that order (`readAhead`) asks for each text where the last one ended: such a read takes a block, and
   * the next texts come from it. Any other read takes the text alone (rows read in creation order jump about).
   */
  #readBack(at: KeptText): string {
    let block = this.#block;
    if (!block || at.start < block.start || at.end > block.start + block.length) {
      const needed = at.end - at.start;
      const length = at.start === this.#lastEnd ? Math.min(Math.max(needed, READ_BACK), this.#written - at.start) : needed;
      const bytes = length <= READ_BACK ? (this.#blockBytes ??= Buffer.allocUnsafeSlow(READ_BACK)) : Buffer.allocUnsafeSlow(length);
      let done = 0;
      while (done < needed) {
        const got = readSync(this.#fd!, bytes, done, length - done, at.start + done);
        // The file is this process's own, unlinked: a short read is a failing disk.
        if (got === 0) throw new Error(`index: a kept text at byte ${at.start} of the scratch file came back short`);
        done += got;
      }
      block = this.#block = { start: at.start, length: done, bytes };
    }
    this.#lastEnd = at.end;
    return block.bytes.toString('utf8', at.start - block.start, at.end - block.start);
  }
}
