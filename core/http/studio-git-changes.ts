import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { describeChange, indexNames } from '../git/document-changes.js';
import { createGit } from '../git/git.js';
import { GitRefusedError } from '../git/git-errors.js';
import { languageName } from '../strapi/locales.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The Git panel's changed files told as documents: their names and the fields each change touched. */

/** Related documents and files by name, for the types this caller may read. */
export const namesFor = (cms: Cms, caller: Caller) => indexNames(cms.models, cms.index, (uid) => caller.can(cms.models.get(uid)!, 'find'));
/**
 * Changed content files as document changes, by path (none for uploads, schemas or unreadable files): their texts at
 * HEAD come from one `git cat-file --batch`, so a request starts one git process however many files changed.
 */
export async function documentChanges(cms: Cms, caller: Caller, paths: string[]) {
  const content = paths.filter((path) => path.startsWith('content/'));
  const atHead = await createGit(cms.root).showMany(content.map((path) => ({ commit: 'HEAD', path })));
  const nameOf = namesFor(cms, caller);
  const described = new Map<string, ReturnType<typeof describeChange>>();
  for (const path of content) {
    const after = await readFile(join(cms.root, path), 'utf8').catch(() => undefined);
    described.set(path, describeChange(cms.models, cms.config, path, atHead.get(`HEAD:${path}`), after, nameOf));
  }
  return described;
}

/**
 * A pull git refused because files it would change have uncommitted changes here, said in
 * editors' words: which documents (by name, locale and version) and what to do. Other errors as they are.
 */
export async function pullRefusalInEditorsWords(cms: Cms, caller: Caller, error: unknown): Promise<unknown> {
  const files = error instanceof GitRefusedError ? error.details?.uncommitted : undefined;
  if (!Array.isArray(files) || !files.length) return error;
  const described = await documentChanges(cms, caller, files as string[]);
  const names = (files as string[]).map((path) => {
    const change = described.get(path);
    if (!change) return path;
    const version = [change.locale && languageName(change.locale), change.draft ? 'draft' : 'published'].filter(Boolean).join(', ');
    return `${change.type} “${change.title}” (${version})`;
  });
  const one = names.length === 1;
  return new GitRefusedError(`Not pulled: the remote also changed ${names.join(', ')}, which ${one ? 'has' : 'have'} `
    + `changes here that are saved but not committed yet. Commit ${one ? 'it' : 'them'} (or discard ${one ? 'it' : 'them'}) `
    + 'in this panel, then pull again.', error instanceof GitRefusedError ? error.details : undefined);
}
