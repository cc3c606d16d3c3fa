/**
 * The texts this process last wrote, by absolute path, with the mtime each write gave its file: while a file still has
 * that mtime, its text is known without reading it. Kept newest last, the oldest dropped past a budget of characters
 * (a long-running server keeps the texts of its recent writes, not of the whole site).
 */
interface Written {
  mtimeMs: number;
  text: string;
  /** Its UTF-8 length: a file read to compare with it needs no stat for its size. */
  bytes: number;
}

/** Characters of kept texts at most (about as many bytes: content files are mostly one-byte text). */
export const KEPT_TEXT_BUDGET = 4 * 1024 * 1024;
const kept = new Map<string, Written>();
let keptChars = 0;

const drop = (path: string) => {
  const note = kept.get(path);
  if (!note) return;
  kept.delete(path);
  keptChars -= note.text.length;
};

/**
 * Note the text this process just wrote to `path` (absolute) with the mtime it got. While the file keeps that mtime, a
 * write about to start from it takes this text instead of reading the file again (an mtime old enough to be trusted),
 * or compares the file with it (an mtime too recent to tell a same-size rewrite in the same tick), without a parse.
 * A text larger than a quarter of the budget is not kept (such a file is read as before).
 */
export function rememberWritten(path: string, mtimeMs: number, text: string): void {
  drop(path);
  if (text.length > KEPT_TEXT_BUDGET / 4) return;
  kept.set(path, { mtimeMs, text, bytes: Buffer.byteLength(text) });
  keptChars += text.length;
  if (keptChars <= KEPT_TEXT_BUDGET) return;
  // Past the budget, the oldest go until a tenth of it is free: each pass walks the map from its start, over the places
  // its earlier removals left, so one pass per write (a server creating documents past the budget) cost a walk per write.
  for (const [oldest] of kept) {
    if (keptChars <= KEPT_TEXT_BUDGET * 0.9) break;
    drop(oldest);
  }
}

/** A removed (or replaced by other means) file's text is forgotten. */
export const forgetWritten = (path: string): void => drop(path);

/** What this process last wrote to `path`, when the file still has the mtime that write gave it. */
export function writtenText(path: string, mtimeMs: number): { text: string; bytes: number } | undefined {
  const note = kept.get(path);
  return note && note.mtimeMs === mtimeMs ? note : undefined;
}

/** How many texts are kept, and their characters (tests). */
export const keptTexts = (): { count: number; chars: number } => ({ count: kept.size, chars: keptChars });
