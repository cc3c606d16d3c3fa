import type { WriteEvent } from '../service/document-writer.js';
import type { GitPort } from './git.js';

const ACTION_WORDS: Record<WriteEvent['action'], string> = {
  create: 'Create', update: 'Update', delete: 'Delete', publish: 'Publish', unpublish: 'Unpublish', discardDraft: 'Discard draft of',
};

/** `Update api::article.article abc123 (fr)`: the action, type and document. */
export function commitMessage(event: WriteEvent): string {
  return `${ACTION_WORDS[event.action]} ${event.model.uid} ${event.documentId}${event.locale ? ` (${event.locale})` : ''}`;
}

/**
 * Each successful write becomes one commit touching only that document's files, authored by the
 * token or user that made it. Runs after the write, so a failed write makes no commit.
 */
export function commitPerWrite(git: GitPort, report: (message: string) => void = () => {}, authorDate: (files: string[]) => string | undefined = () => undefined) {
  return async (event: WriteEvent): Promise<void> => {
    const name = event.caller.name ?? (event.caller.kind === 'public' ? 'public' : 'cms');
    const email = `${name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'cms'}@cms.local`;
    try {
      await git.commitPaths(event.files, commitMessage(event), { name, email, date: authorDate(event.files) });
    } catch (error) {
      report(`git commit failed for ${event.files.join(', ')}: ${(error as Error).message.split('\n')[0]}`);
    }
  };
}
