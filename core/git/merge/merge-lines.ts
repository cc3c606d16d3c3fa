import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFile } from '../../process/run-file.js';

export interface MergedText {
  text: string;
  /** Conflicting hunks left in `text` with markers (0: clean). */
  conflicts: number;
}

/**
 * git's own line merge (`git merge-file -p`) of three texts: for Markdown bodies, and for a file
 * that cannot be merged field by field (it does not parse, or no schema knows it).
 *
 * @example
 * await mergeLines('a\nb\n', 'A\nb\n', 'a\nB\n', { path: 'x.md' }) // → { text: 'A\nB\n', conflicts: 0 }
 */
export async function mergeLines(
  base: string, ours: string, theirs: string, options: { path: string; markerSize?: number },
): Promise<MergedText> {
  const folder = await mkdtemp(join(tmpdir(), 'cms-merge-'));
  const files = ['ours', 'base', 'theirs'].map((name) => join(folder, name));
  try {
    await Promise.all([writeFile(files[0], ours), writeFile(files[1], base), writeFile(files[2], theirs)]);
    const labels = ['ours', 'base', 'theirs'].flatMap((name) => ['-L', `${options.path} (${name})`]);
    const args = ['merge-file', '-p', `--marker-size=${options.markerSize ?? 7}`, ...labels, ...files];
    type Failed = Error & { stdout: string; code?: unknown };
    const { stdout, error } = await runFile('git', args, { maxBuffer: 64 * 1024 * 1024 })
      .then(({ stdout: text }) => ({ stdout: text, error: undefined }), (failed: Failed) => ({ stdout: failed.stdout, error: failed }));
    const code = !error ? 0 : typeof error.code === 'number' ? error.code : -1;
    // merge-file exits with the number of conflicts (capped at 127); 128 and up, or none, is a failure.
    if (code >= 0 && code < 128) return { text: stdout, conflicts: code };
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
