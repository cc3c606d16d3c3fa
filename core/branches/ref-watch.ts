import { HeldFile } from '../storage/held-file.js';

/** How old a ref file's modification time must be before its text is kept: git's "racy" rule (see refFileReader). */
export const SETTLED_MS = 100;

/** The most ref files held open (one descriptor each): the branches read last; more are let go and read again. */
const MAX_HELD = 256;

/** What a ref file held `text` when last read: the hash, or undefined (no such file, a symbolic ref, anything else). */
export type ParseTip = (text: string | undefined) => string | undefined;

/**
 * The tips of loose refs, each file held open as read and looked at with one `fstat` (HeldFile) when a batch of branch
 * reads asks for it (kept-answers.ts: at most once per batch, after all of its requests arrived), read again only when
 * that look says the file changed.
 *
 * git moves a ref by renaming `<ref>.lock` over it, and deletes it (`branch -D`, `pack-refs`) by removing it: either drops
 * the held file's link count to 0 before the git process returns, so a look made after a request arrived sees every move
 * finished before it was sent; a ref rewritten by hand changes its size or times, and a text is kept only when its file
 * was modified at least SETTLED_MS before it was read (times are as coarse as the kernel's clock tick). No event is
 * relied on. An inotify watch of the ref folders was until 30 Nov 2026: its callback runs in the poll phase, before the
 * batch (answered in the check phase), so a request held behind a busy server still saw it (test/branches/
 * branch-ref-order.test.ts, 20 of 20), but an event queued while epoll hands over the batch that holds the request
 * comes in the next batch (the kernel keeps what becomes ready during that hand-over for the next `epoll_wait`), and an
 * inotify queue that overflows (16,384 events by default, shared with the content tree's watch) drops events: each could
 * serve a moved branch's old answer for up to the watch's one-second tick. A look costs about 0.8 µs (two per branch
 * batch: the branch's ref and the served branch's); see docs/reference/performance.md.
 *
 * @example
 * const refs = new HeldRefs((name) => `/site/.git/refs/heads/${name}`, parseTip); refs.tip('spring') // '3f1c…' or undefined
 */
export class HeldRefs {
  /** The files held, by ref name (its path is made once: a `join` costs a third of a look). */
  private readonly held = new Map<string, { file: HeldFile; tip: string | undefined }>();

  constructor(private readonly pathOf: (name: string) => string, private readonly parse: ParseTip) {}

  /** The tip ref `name` holds now: one `fstat` when its file is the one read last, else the file read (and held). */
  tip(name: string): string | undefined {
    let ref = this.held.get(name);
    if (ref && !ref.file.changed()) return ref.tip;
    if (!ref) {
      if (this.held.size >= MAX_HELD) this.close();
      ref = { file: new HeldFile(this.pathOf(name)), tip: undefined };
      this.held.set(name, ref);
    }
    let text: string | undefined;
    try {
      text = ref.file.read();
    } catch {
      text = undefined;
    }
    ref.tip = this.parse(text);
    // No file is kept as such (each look asks whether one exists). A file that holds no hash, or was modified too lately to
    // be told apart from one rewritten within the same tick, is read again.
    const modified = ref.file.modifiedMs;
    if (text === undefined) return undefined;
    if (ref.tip === undefined || modified === undefined || Date.now() - modified < SETTLED_MS) ref.file.invalidate();
    return ref.tip;
  }

  /** Let go of every file held (read again when next asked). */
  close(): void {
    for (const { file } of this.held.values()) file.close();
    this.held.clear();
  }
}
