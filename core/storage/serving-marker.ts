import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCmsFolderAsync } from './cms-folder.js';
import { holderGone, parseOwner, SELF, type LockOwner } from './lock-file.js';

/** `<root>/.cms/serving`: one file per running server of the site (`<pid>.json`: who, and where it answers). */
const servingFolder = (root: string): string => join(root, '.cms', 'serving');

/** A server of the site that runs now: its process and the URL it answers at. */
export interface RunningServe extends LockOwner { url: string }

/**
 * Mark the site as served by this process (`.cms/serving/<pid>.json`) until the answered `remove()`: commands that
 * must not run under a server (`cms media move`) ask `runningServes`. A server that died leaves a mark its pid and
 * start time show is stale.
 *
 * @example
 * const mark = await markServing(cms.root, 'http://localhost:1337'); … await mark.remove();
 */
export async function markServing(root: string, url: string): Promise<{ remove(): Promise<void> }> {
  const path = join(servingFolder(root), `${process.pid}.json`);
  await ensureCmsFolderAsync(path);
  await mkdir(servingFolder(root), { recursive: true });
  await writeFile(path, JSON.stringify({ ...SELF, url }), { mode: 0o600 });
  return { remove: () => rm(path, { force: true }) };
}

/** The servers of the site that run now (marks of dead ones are removed on the way). */
export async function runningServes(root: string): Promise<RunningServe[]> {
  const names = await readdir(servingFolder(root)).catch(() => [] as string[]);
  const running: RunningServe[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.json'))) {
    const path = join(servingFolder(root), name);
    const owner = parseOwner(await readFile(path, 'utf8').catch(() => '')) as RunningServe | undefined;
    if (!owner || holderGone(owner)) await rm(path, { force: true });
    else running.push(owner);
  }
  return running;
}
