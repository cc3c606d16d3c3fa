import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * vitest's globalSetup (vitest.config.ts): every temp folder of one run under one folder of its own, removed when the run
 * ends. Test files and the processes they start make theirs with `os.tmpdir()`, which reads TMPDIR: set here, in the
 * process that starts the workers, before any starts, so the workers, the servers, git, chromium and PostgreSQL they
 * start inherit it. The helpers remove their folders after each file (temp-folders.ts), but not every test made its
 * folder through them: a clean-clone run left about 1,300 folders in /tmp, hundreds of MB, run after run.
 *
 * The folder stands for /tmp, so it has /tmp's mode (anyone may enter it and make a folder in it, the sticky bit):
 * PostgreSQL's server runs as its own user under a root run and must reach its folder. vitest runs a globalSetup once per
 * project (vitest.config.ts has three): the first makes the folder, the others find it in CMS_TEST_TEMP_ROOT.
 */
export default function setup(): () => void {
  if (process.env.CMS_TEST_TEMP_ROOT) return () => undefined;
  const before = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'cms-test-run-'));
  chmodSync(root, 0o1777);
  process.env.CMS_TEST_TEMP_ROOT = root;
  process.env.TMPDIR = root;
  return () => {
    delete process.env.CMS_TEST_TEMP_ROOT;
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
}
