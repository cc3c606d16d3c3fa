// A long-lived git pipe (core/git/git-pipe.ts, kept between commits) keeps its stderr only for a failure's message, and
// only the first MiB of it (KeptOutput): a git that writes warnings for as long as the server runs holds no more.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitPipe } from '../../core/git/git-pipe.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

const MIB = 1024 * 1024;

describe("a git pipe's failure", () => {
  it("names git's own words", async () => {
    const outside = removeAfterFile(mkdtempSync(join(tmpdir(), 'git-pipe-')));
    const pipe = gitPipe(outside, ['cat-file', '--batch'], { GIT_CEILING_DIRECTORIES: tmpdir() });
    await expect(pipe.close()).rejects.toThrow(/^git cat-file --batch: fatal: not a git repository/);
  });

  it('keeps the first MiB of a stderr of 3 MiB', async () => {
    const folder = removeAfterFile(mkdtempSync(join(tmpdir(), 'git-pipe-')));
    const noisy = gitPipe(folder, ['-c', `alias.noisy=!head -c ${3 * MIB} /dev/zero | tr "\\0" w >&2; exit 2`, 'noisy']);
    const failed = await noisy.close().catch((error: Error) => error);
    expect((failed as Error).message).toBe(`git -c alias.noisy=!head -c ${3 * MIB} /dev/zero | tr "\\0" w >&2; exit 2 noisy: ${'w'.repeat(MIB)}`);
  });
});
