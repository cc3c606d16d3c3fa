import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeAfterFile } from './temp-folders.js';

/** Per name, the repository `make` built in this test file. */
const seeds = new Map<string, Promise<string>>();

/**
 * The repository `make` builds (a folder removed after the test file, as copySampleSite's), built once per test file and name.
 * Checked on each call: files sharing a module graph (vitest.config.ts) see it removed after the file that made it.
 */
export async function seedOf(name: string, make: () => string | Promise<string>): Promise<string> {
  let seed = seeds.get(name);
  if (!seed || !existsSync(join(await seed, '.git'))) seeds.set(name, seed = Promise.resolve().then(make));
  return seed;
}

/**
 * A folder of its own holding a copy of `seedOf(name, make)`, repository and all, removed after the file: one git process (the
 * index refresh) where building it again would run `git init`, `add` and `commit` (issue #39). The copied index holds the seed's
 * file stats (inode, times): one `update-index --refresh` makes them this folder's, as `git add` here would.
 * test/branches/sample-repo-copy.test.ts proves a copy is what the commands give.
 */
export async function seededCopy(name: string, make: () => string | Promise<string>): Promise<string> {
  const from = await seedOf(name, make);
  const root = removeAfterFile(mkdtempSync(join(tmpdir(), `cms-${name}-`)));
  cpSync(from, root, { recursive: true });
  execFileSync('git', ['update-index', '-q', '--refresh'], { cwd: root, stdio: 'ignore' });
  return root;
}

/**
 * Point a copied clone's remote at `to` where it named `from` (the seed's remote, which the copy's `.git/config` still names):
 * the config `git clone` would have written for `to`.
 */
export function repointRemote(clone: string, from: string, to: string): void {
  const configFile = join(clone, '.git/config');
  const text = readFileSync(configFile, 'utf8');
  const url = `\turl = ${from}\n`;
  if (!text.includes(url)) throw new Error(`${configFile} does not name the seeded remote ${from}`);
  writeFileSync(configFile, text.replace(url, `\turl = ${to}\n`));
}
