import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RECORD = '\u001e';

/** The newest author date of each file in a `git log --name-only` text (newest commits first). */
function parseLog(out: string, times: Map<string, string>, seen: Set<string>): void {
  for (const chunk of out.split(RECORD)) {
    const lines = chunk.split('\n');
    const date = lines[0].trim();
    if (!date) continue;
    const iso = new Date(date).toISOString();
    for (let at = 1; at < lines.length; at++) {
      const file = lines[at];
      if (!file || seen.has(file)) continue;
      seen.add(file);
      times.set(file, iso);
    }
  }
}

/**
 * When each content file last changed, from Git: one `git log --name-only` pass over history
 * (never a git call per file), the author date of the newest commit touching the file (a rebase
 * keeps it, so replicas agree). `refresh` after a pull reads only the commits since the last read.
 * Files changed since their last commit are left out: they answer their modification time.
 *
 * @example
 * const history = await readFileTimes('/srv/site'); history.times.get('content/articles/x.json')
 */
export async function readFileTimes(root: string): Promise<{ times: Map<string, string>; refresh(): Promise<void> }> {
  const git = async (args: string[]) =>
    (await run('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, maxBuffer: 1024 * 1024 * 1024 })).stdout;
  const times = new Map<string, string>();
  let head: string | undefined;

  const read = async (range: string[]) => {
    const seen = new Set<string>();
    const fresh = new Map<string, string>();
    parseLog(await git(['log', `--format=${RECORD}%aI`, '--name-only', '--no-renames', '--relative', ...range, '--', 'content/']), fresh, seen);
    for (const [file, iso] of fresh) times.set(file, iso);
  };
  const dropChanged = async () => {
    const changed = await git(['diff', '--name-only', '--relative', 'HEAD', '--', 'content/']).catch(() => '');
    for (const file of changed.split('\n')) if (file) times.delete(file);
  };
  const currentHead = async () => (await git(['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '')).trim() || undefined;

  const refresh = async () => {
    const now = await currentHead();
    if (now && now !== head) {
      const ancestor = head ? await git(['merge-base', '--is-ancestor', head, now]).then(() => true, () => false) : false;
      if (!ancestor) times.clear();
      await read(ancestor ? [`${head}..${now}`] : [now]);
      head = now;
    }
    await dropChanged();
  };
  // A folder that is not a repository (or has no commit yet): every file answers its modification time.
  await refresh().catch(() => undefined);
  return { times, refresh };
}
