import { FileError, FileProblemsError } from '../errors.js';

/** One unresolved merge in a file: the lines (1-based) from `<<<<<<<` to `>>>>>>>`. */
export interface ConflictBlock { start: number; end: number }

/** git's markers, any `conflict-marker-size` of at least 7: `<<<<<<< ours`, `|||||||` (diff3), `=======`, `>>>>>>> theirs`. */
const OPEN = /^<{7,}(?: |$)/;
const SPLIT = /^={7,}$/;
const CLOSE = /^>{7,}(?: |$)/;

/**
 * The conflict blocks git's line merge left in a text: an opening marker, a `=======` line, then
 * a closing marker. Only whole blocks count, so a Markdown `=======` heading underline is no
 * conflict.
 *
 * @example
 * conflictBlocks('{\n<<<<<<< HEAD\n  "a": 1\n=======\n  "a": 2\n>>>>>>> b\n}\n') // [{ start: 2, end: 6 }]
 */
export function conflictBlocks(text: string): ConflictBlock[] {
  if (!text.includes('<<<<<<<')) return [];
  const blocks: ConflictBlock[] = [];
  let start: number | undefined;
  let split = false;
  text.split('\n').forEach((raw, at) => {
    const line = raw.replace(/\r$/, '');
    if (OPEN.test(line)) { start = at + 1; split = false; }
    else if (start !== undefined && SPLIT.test(line)) split = true;
    else if (start !== undefined && split && CLOSE.test(line)) { blocks.push({ start, end: at + 1 }); start = undefined; }
  });
  return blocks;
}

/** The problem of one block, at its first line. */
export const conflictProblem = (file: string, block: ConflictBlock): FileError => {
  const where = `lines ${block.start}–${block.end}`;
  const message = `unresolved merge conflict (${where}): resolve it or run the merge with \`cms git-setup\`'s driver`;
  return new FileError(file, message, block.start, 1);
};

/** A content file git left with conflict markers: every block, each reported at its own line. */
export class MergeConflictError extends FileProblemsError {
  constructor(file: string, blocks: [ConflictBlock, ...ConflictBlock[]]) {
    super(blocks.map((block) => conflictProblem(file, block)) as [FileError, ...FileError[]]);
  }
}
