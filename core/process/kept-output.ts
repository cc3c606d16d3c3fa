/**
 * What is kept of one output of a program (its stdout for an answer, its stderr for an error message): at most `max` bytes,
 * execFile's `maxBuffer`. The chunk that passes the bound is cut at it and later chunks are dropped; the caller then ends the
 * program (`overBuffer`, started.ts, is execFile's error for it).
 *
 * @example
 * const stderr = new KeptOutput(1024 * 1024); child.stderr.on('data', (chunk) => { if (stderr.keep(chunk)) kill(overBuffer('stderr')); });
 */
export class KeptOutput {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  constructor(private readonly max: number) {}

  /** Keep what of `chunk` fits; true only for the chunk that passed the bound (each later one is dropped, answering false). */
  keep(chunk: Buffer): boolean {
    if (this.length > this.max) return false;
    this.length += chunk.length;
    const fits = this.length <= this.max;
    const kept = fits ? chunk : chunk.subarray(0, this.max - (this.length - chunk.length));
    // A chunk that came over the spawner's channel is a view on the buffer its message was read into, which holds the next
    // message's start too: kept as it is, a 256 MB output held ~140 MB more of those buffers (bench/big-read.mjs).
    this.chunks.push(kept.byteLength < kept.buffer.byteLength ? Buffer.from(kept) : kept);
    return !fits;
  }

  /** The bytes kept, in one Buffer. */
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
