import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WriteEvent } from '../service/write-event.js';
import { authorEmail, authorName } from '../git/commit-author.js';
import { commitMessage } from '../git/commit-per-write.js';
import { gitFirstLine } from '../git/git-errors.js';
import { runFile } from '../process/run-file.js';
import type { ReplicaGit } from './replica-git.js';

/** One write's commit, not made yet: its files as the write left them (null: removed), message and author. */
export interface CommitIntent {
  files: Array<{ path: string; content: Buffer | null }>;
  message: string;
  author: { name: string; email: string; date?: string };
}

/**
 * The commit a write asks for, read right after the write (inside its document's lock, so the files
 * are this write's and never a later one's).
 *
 * @example
 * const intent = await commitIntent(root, event, () => undefined);
 */
export async function commitIntent(
  root: string, event: WriteEvent, authorDate: (files: string[]) => string | undefined,
): Promise<CommitIntent> {
  const name = authorName(event.caller.name ?? (event.caller.kind === 'public' ? 'public' : 'cms'));
  const files = await Promise.all(event.files.map(async (path) => ({ path, content: await readFile(join(root, path)).catch(() => null) })));
  return { files, message: commitMessage(event), author: { name, email: authorEmail(name), date: authorDate(event.files) } };
}

/** fast-import's path syntax: plain, or C-quoted when it holds a quote, a backslash or a line break. */
const quoted = (path: string) => (/["\\\n]/.test(path) || path.startsWith('"') ? JSON.stringify(path) : path);
const when = (iso: string | undefined) => `${Math.floor((iso ? Date.parse(iso) : Date.now()) / 1000)} +0000`;

/**
 * Make one commit per intent on `branch`, in order, on top of `parent`, with one `git fast-import`
 * run instead of three git runs per commit; then point the index's entries of those paths at the
 * new HEAD (the work tree already holds them). Returns the new tip.
 *
 * @example
 * const tip = await commitIntents(git, { branch: 'main', parent, prefix: '', committer, intents });
 */
export async function commitIntents(git: ReplicaGit, options: {
  root: string; branch: string; parent: string; prefix: string; committer: { name: string; email: string }; intents: CommitIntent[];
}): Promise<string> {
  const chunks: Buffer[] = [];
  const text = (value: string) => chunks.push(Buffer.from(value));
  options.intents.forEach((intent, at) => {
    const message = Buffer.from(`${intent.message}\n`);
    const author = `${intent.author.name} <${intent.author.email}> ${when(intent.author.date)}`;
    text(`commit refs/heads/${options.branch}\nmark :${at + 1}\nauthor ${author}\n`);
    text(`committer ${options.committer.name} <${options.committer.email}> ${when(undefined)}\ndata ${message.length}\n`);
    chunks.push(message);
    if (at === 0) text(`from ${options.parent}\n`);
    for (const file of intent.files) {
      const path = quoted(options.prefix + file.path);
      if (file.content === null) text(`D ${path}\n`);
      else {
        text(`M 100644 inline ${path}\ndata ${file.content.length}\n`);
        chunks.push(file.content);
        text('\n');
      }
    }
    text('\n');
  });
  // The last commit's hash, answered on stdout: no rev-parse after.
  text(`get-mark :${options.intents.length}\n`);
  const failure = (stderr: unknown) => new Error(`git fast-import failed: ${gitFirstLine({ stderr })}`);
  const { stdout, stderr } = await runFile('git', ['fast-import', '--quiet', '--date-format=raw'], {
    cwd: options.root, input: Buffer.concat(chunks), maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string }) => { throw failure(error.stderr ?? ''); });
  const tip = stdout.trim();
  if (!/^[0-9a-f]{40,64}$/.test(tip)) throw failure(stderr);
  const paths = [...new Set(options.intents.flatMap((intent) => intent.files.map((file) => file.path)))];
  // The index follows HEAD for these paths (a later write's newer file stays a change in the work tree, as it is).
  if (paths.length) await git('reset', '--quiet', 'HEAD', '--', ...paths);
  return tip;
}
