import type { WriteEvent } from '../service/document-writer.js';
import type { GitPort } from './git.js';
import { authorEmail, authorName } from './commit-author.js';
import { gitFirstLine } from './git-errors.js';

const ACTION_WORDS: Record<WriteEvent['action'], string> = {
  create: 'Create', update: 'Update', delete: 'Delete', publish: 'Publish', unpublish: 'Unpublish', discardDraft: 'Discard draft of',
};

/** Tries of one commit before it waits for the next write (a lock held by an editor's git is usually gone by then). */
export const COMMIT_ATTEMPTS = 5;
/** Pause before the second try; it doubles each time (50 + 100 + 200 + 400 ms at most). */
const FIRST_PAUSE_MS = 50;
/** Failed commits kept to be tried again with the next write; beyond this the oldest is given up (its files stay changed). */
export const MAX_PENDING_COMMITS = 100;

const subject = (event: WriteEvent) =>
  `${ACTION_WORDS[event.action]} ${event.model.uid} ${event.documentId}${event.locale ? ` (${event.locale})` : ''}`;

/** `Update api::article.article abc123 (fr)`: the action, type and document; writes joining it are listed below. */
export function commitMessage(event: WriteEvent): string {
  return event.also?.length ? `${subject(event)}\n\n${event.also.map(subject).join('\n')}` : subject(event);
}

interface PendingCommit {
  files: string[];
  message: string;
  author: { name: string; email: string; date?: string };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each successful write becomes one commit touching only that document's files, authored by the
 * token or user that made it, or by the repository's git identity for the library and the CLI. Runs after the write, so a failed write
 * makes no commit.
 *
 * A commit that fails (`.git/index.lock` held by an editor's git, say) is tried COMMIT_ATTEMPTS
 * times with a short backoff; if it still fails it is reported and kept, and tried again, in
 * order and with its own message, before the next write's commit. Outside a repository nothing is
 * retried or kept: every write is reported.
 */
export function commitPerWrite(
  git: GitPort, report: (message: string) => void = () => {}, authorDate: (files: string[]) => string | undefined = () => undefined,
) {
  const pending: PendingCommit[] = [];

  async function attempt(commit: PendingCommit): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await git.commitPaths(commit.files, commit.message, commit.author);
        return;
      } catch (error) {
        if (tries >= COMMIT_ATTEMPTS || /not a git repository/i.test((error as Error)?.message ?? '')) throw error;
        await pause(FIRST_PAUSE_MS * 2 ** (tries - 1));
      }
    }
  }

  // The library and the CLI write as the person at the keyboard: their git identity, read once.
  let person: Promise<{ name: string; email: string } | undefined> | undefined;
  async function authorOf(caller: WriteEvent['caller']): Promise<{ name: string; email: string }> {
    if (caller.kind === 'trusted' && !caller.name) {
      const identity = await (person ??= git.identity().catch(() => undefined));
      if (identity) {
        return { name: authorName(identity.name), email: /^[^\s<>]+$/.test(identity.email) ? identity.email : authorEmail(identity.name) };
      }
    }
    const name = authorName(caller.name ?? (caller.kind === 'public' ? 'public' : 'cms'));
    return { name, email: authorEmail(name) };
  }

  return async (event: WriteEvent): Promise<void> => {
    const author = await authorOf(event.caller);
    const queue = [
      ...pending.splice(0), { files: event.files, message: commitMessage(event), author: { ...author, date: authorDate(event.files) } },
    ];
    const earlier = queue.length - 1;
    for (let at = 0; at < queue.length; at++) {
      try {
        await attempt(queue[at]);
      } catch (error) {
        const reason = gitFirstLine(error);
        if (/not a git repository/i.test(reason)) {
          report(`git commit failed for ${queue[at].files.join(', ')}: ${reason}`);
          continue;
        }
        pending.push(...queue.slice(at));
        const dropped = pending.splice(0, Math.max(0, pending.length - MAX_PENDING_COMMITS));
        report(`git commit failed after ${COMMIT_ATTEMPTS} attempts for ${queue[at].files.join(', ')}: ${reason}. `
          + `${pending.length} write${pending.length === 1 ? '' : 's'} saved but not committed; tried again with the next write`);
        if (dropped.length) {
          report(`git: gave up committing ${dropped.length} older write${dropped.length === 1 ? '' : 's'} `
            + `(${dropped.flatMap((commit) => commit.files).join(', ')}); the files stay changed in the working tree`);
        }
        return;
      }
    }
    if (earlier > 0) report(`git: committed ${earlier} earlier write${earlier === 1 ? '' : 's'} that had failed to commit`);
  };
}
