import { rmSync } from 'node:fs';

// Temp folders the test helpers make (makeProject, copySampleSite, the studio's tempDir), removed after each test file by
// test/helpers/after-file.ts. One list for all helpers, kept outside them: where test files share a module graph
// (vitest.config.ts, `isolate: false`), a helper's own module-level afterAll would be registered by the first file only.
const made: string[] = [];

/** Remove `dir` once the current test file has run. */
export function removeAfterFile(dir: string): string {
  made.push(dir);
  return dir;
}

/**
 * Remove every folder registered so far (after a test file). With retries: a server the file stopped has exited, but a git it
 * ran may still be closing files in the folder, and a removal racing it fails with ENOTEMPTY or EBUSY.
 */
export function removeTempFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
