import type { Caller } from '../access/permissions.js';
import type { CmsConfig } from '../config/types.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { buildDocumentRows } from '../index/build-rows.js';
import { DOCUMENT_ID_PATTERN } from '../index/file-name.js';
import { contentFolder, documentPrefixes, parseContentPath } from '../index/content-path.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import { rowNode } from '../query/nodes.js';
import { renderNode } from '../query/render.js';
import type { Model, Models } from '../schema/types.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Data, Status } from '../types.js';
import type { GitCommit, GitPort } from './git.js';

/** A document's files in either layout (content-path.ts): its history goes on across a move between them. */
const pathspecs = (model: Model, documentId: string) =>
  documentPrefixes(contentFolder(model), documentId).map((prefix) => `:(glob)${prefix}*`);
/** A hash, `HEAD~2`, a branch or a tag: never an option (no leading dash), never a path or a range. */
const COMMIT_REF = /^[A-Za-z0-9][A-Za-z0-9._/~^-]{0,199}$/;

/** What a document's history is read against: today's index, schemas and config (a `Cms` is one). */
export interface HistorySource {
  readonly index: ContentIndex;
  readonly models: Models;
  readonly config: CmsConfig;
}

function checkId(documentId: string): void {
  if (!DOCUMENT_ID_PATTERN.test(documentId)) throw new NotFoundError();
}

/** The full hash a ref names: 400 when it is malformed or names no commit. */
async function resolveCommit(git: GitPort, ref: string): Promise<string> {
  if (!COMMIT_REF.test(ref) || ref.includes('..')) {
    throw new ValidationError(`Invalid commit "${ref}"`, { key: 'commit', source: 'params' });
  }
  const commit = await git.resolveCommit(ref);
  if (!commit) throw new ValidationError(`Unknown commit "${ref}"`, { key: 'commit', source: 'params' });
  return commit;
}

/** One version as a caller sees it: the author's e-mail only for those who may see it. */
export type HistoryEntry = Omit<GitCommit, 'email'> & { email?: string };

/**
 * May this caller see commit authors' e-mail addresses? The operator's own tools (the CLI, the
 * library, API tokens) may; the Public role and signed-in users may not: anyone can be either
 * (registration is open by default), and an editor's address is not theirs to collect.
 */
export const seesAuthorEmails = (caller: Pick<Caller, 'kind'>): boolean => caller.kind === 'trusted' || caller.kind === 'token';

/**
 * Versions of a document from git, newest first: commit, author, date, message, and the author's
 * e-mail when `caller` may see it (no caller: the operator). A deleted document keeps its history
 * (that is how it is restored); one that never existed is a 404.
 *
 * @example
 * await documentHistory(cms, createGit(cms.root), cms.contentType('articles'), 'jfsgk21o4wtsoknlvf65xsrj')
 */
export async function documentHistory(
  cms: HistorySource, git: GitPort, model: Model, documentId: string, caller?: Pick<Caller, 'kind'>, ref?: string,
): Promise<HistoryEntry[]> {
  checkId(documentId);
  const versions = await git.log(pathspecs(model, documentId), undefined, ref);
  if (!versions.length && !cms.index.documentRecords(model.uid, documentId).length) throw new NotFoundError();
  if (!caller || seesAuthorEmails(caller)) return versions;
  return versions.map(({ email: _email, ...version }) => version);
}

/** The document's files at a commit, read as content files (a version malformed then is skipped). */
async function recordsAt(cms: HistorySource, git: GitPort, model: Model, documentId: string, commit: string): Promise<FileRecord[]> {
  const files = (await git.listFiles(commit, `content/${contentFolder(model)}`))
    .filter((file) => parseContentPath(file)?.name?.documentId === documentId);
  const records: FileRecord[] = [];
  for (const file of files) {
    const text = await git.show(commit, file);
    if (text === undefined) continue;
    try {
      records.push(readContentFile(file, text, 0, model, cms.models, cms.config));
    } catch {
      // A version that was malformed at that commit is not a version we can show.
    }
  }
  return records;
}

/**
 * A document as it was at a commit, in the shape the API returns (no populate), read with
 * today's schema. Restoring is an ordinary update with these fields.
 *
 * @example
 * const { commit, data } = await documentAt(cms, git, model, 'jfsgk21o4wtsoknlvf65xsrj', 'HEAD~1', { locale: 'fr' });
 */
export async function documentAt(
  cms: HistorySource, git: GitPort, model: Model, documentId: string, ref: string,
  options: { status?: Status; locale?: string | null } = {},
): Promise<{ commit: string; data: Data }> {
  checkId(documentId);
  const commit = await resolveCommit(git, ref);
  const records = await recordsAt(cms, git, model, documentId, commit);
  const status = options.status ?? 'published';
  const locale = model.localized ? options.locale ?? cms.config.defaultLocale : null;
  const row = buildDocumentRows(model, records, cms.config).find((candidate) =>
    (!model.draftAndPublish || candidate.status === status) && (!model.localized || candidate.locale === locale));
  if (!row) throw new NotFoundError();
  const ctx = { index: cms.index, status, locale, canRead: () => true };
  return { commit, data: renderNode(ctx, rowNode(ctx, row), undefined, new Map()) };
}
