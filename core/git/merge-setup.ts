import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFile as run } from '../process/run-file.js';

/** The `.gitattributes` line that sends content files to the CMS merge driver. */
export const MERGE_ATTRIBUTE = 'content/** merge=cms';

/**
 * Route merges of content files through the CMS merge driver (see `mergeContentFile`):
 * `.gitattributes` gets `content/** merge=cms` (commit it: every clone then asks for the driver),
 * and this clone's git config names the command, which git runs as `<command> %O %A %B %L %P`.
 * Git never takes drivers from the repository itself, so each clone (and CI) runs this once;
 * a clone without it merges content files line by line, as before.
 *
 * @example
 * await setupMergeDriver('/srv/site', "'/usr/bin/node' '/srv/site/node_modules/gitcms/dist/cli/merge-driver.js'");
 */
export async function setupMergeDriver(root: string, command: string): Promise<void> {
  const attributes = join(root, '.gitattributes');
  const text = await readFile(attributes, 'utf8').catch(() => '');
  if (!text.split(/\r?\n/).includes(MERGE_ATTRIBUTE)) {
    await writeFile(attributes, `${text}${text && !text.endsWith('\n') ? '\n' : ''}${MERGE_ATTRIBUTE}\n`);
  }
  await run('git', ['config', 'merge.cms.name', 'gitcms content files (merged field by field)'], { cwd: root });
  await run('git', ['config', 'merge.cms.driver', `${command} %O %A %B %L %P`], { cwd: root });
}

/**
 * Whether the driver's line is committed where every clone gets it: in the clone's upstream branch (`origin/main`),
 * else HEAD. A `.gitattributes` that only this clone has stays untracked, and the day someone commits one upstream, a
 * replica's reset onto the remote refuses to overwrite it (the replica then stops catching up).
 *
 * @example
 * await attributesCommitted('/srv/site') // { committed: false, where: 'origin/main' }
 */
export async function attributesCommitted(root: string): Promise<{ committed: boolean; where: string }> {
  const upstream = await run('git', ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'], { cwd: root })
    .then(({ stdout }) => stdout.trim(), () => '');
  const where = upstream || 'HEAD';
  const text = await run('git', ['show', `${where}:.gitattributes`], { cwd: root }).then(({ stdout }) => stdout, () => '');
  return { committed: text.split(/\r?\n/).includes(MERGE_ATTRIBUTE), where };
}
