import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runFile as run } from '../process/run-file.js';

const CONFIG_FILE = 'cms.config.json';
/** Per loaded configuration: the last commit of cms.config.json (empty outside Git). */
const lastCommits = new WeakMap<object, Promise<string>>();
/** Per project, config commit and locale: when it was added. Kept across reloads (a reload makes a new config object). */
const times = new Map<string, Promise<string>>();
const KEPT = 1000;

async function git(root: string, args: string[]): Promise<string | undefined> {
  try {
    return (await run('git', args, { cwd: root, encoding: 'utf8', timeout: 10_000 })).stdout;
  } catch {
    return undefined;
  }
}

/** The author time of the first commit whose cms.config.json mentions `"code"` (Git's pickaxe), when there is one. */
async function firstCommitNaming(root: string, code: string): Promise<string | undefined> {
  const out = await git(root, ['log', '--reverse', '--format=%aI', `-S${JSON.stringify(code)}`, '--', CONFIG_FILE]);
  const first = out?.split('\n').find(Boolean);
  return first ? new Date(first).toISOString() : undefined;
}

async function configChanged(root: string): Promise<string> {
  try { return (await stat(join(root, CONFIG_FILE))).mtime.toISOString(); } catch { return new Date(0).toISOString(); }
}

/**
 * When each locale without a kept record (added to `locales` by hand) came into the project: the first commit of
 * cms.config.json that names it, the same on every clone and replica; outside Git, when cms.config.json last changed.
 * Git is asked without blocking the server, once per locale and commit of cms.config.json (a reload of an unchanged
 * configuration asks nothing again); resolves to the lookup `listLocales` takes.
 *
 * @example
 * (await localeAddedAt('/srv/site', config, ['de']))('de') // '2026-11-20T09:14:03.000Z'
 */
export async function localeAddedAt(root: string, config: object, codes: readonly string[]): Promise<(code: string) => string> {
  let commit = lastCommits.get(config);
  if (!commit) {
    commit = git(root, ['log', '-1', '--format=%H', '--', CONFIG_FILE]).then((out) => out?.trim() ?? '');
    lastCommits.set(config, commit);
  }
  const at = await commit;
  const known = new Map<string, string>();
  await Promise.all(codes.map(async (code) => {
    // Outside Git (no commit) the file's time is read each time: it is one stat, and an edit changes it.
    const key = `${root}\0${at}\0${code}`;
    let time = at ? times.get(key) : undefined;
    if (!time) {
      time = (at ? firstCommitNaming(root, code) : Promise.resolve(undefined)).then((found) => found ?? configChanged(root));
      if (at) {
        if (times.size >= KEPT) times.delete(times.keys().next().value!);
        times.set(key, time);
      }
    }
    known.set(code, await time);
  }));
  return (code) => known.get(code) ?? new Date(0).toISOString();
}
