import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCmsFolder } from '../storage/cms-folder.js';

/** `<root>/.cms/tmp`: uploads are streamed and images staged here (git-ignored, never served), then renamed into place. */
export const scratchFolder = (root: string): string => join(root, '.cms', 'tmp');

/**
 * The temp files of one operation (an upload request, the formats of an image): `file()` names a
 * fresh one, `dispose()` removes every one still there (those moved into place are gone already),
 * so a rejected, failed or aborted upload leaves nothing behind.
 *
 * @example
 * const scratch = await Scratch.open(scratchFolder(root));
 * try { await sharp(input).toFile(scratch.file()); … } finally { await scratch.dispose(); }
 */
export class Scratch {
  private readonly files = new Set<string>();
  private constructor(readonly folder: string) {}

  /** A scratch area in `folder` (made if missing), so `file()` can be used synchronously. */
  static async open(folder: string): Promise<Scratch> {
    ensureCmsFolder(folder);
    await mkdir(folder, { recursive: true });
    return new Scratch(folder);
  }

  /** A new temp file name in the folder (not created). */
  file(): string {
    const path = join(this.folder, `${randomBytes(8).toString('hex')}.tmp`);
    this.files.add(path);
    return path;
  }

  async dispose(): Promise<void> {
    const files = [...this.files];
    this.files.clear();
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}
