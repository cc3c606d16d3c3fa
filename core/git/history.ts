import type { Cms } from '../cms.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { buildDocumentRows } from '../index/build-rows.js';
import { DOCUMENT_ID_PATTERN } from '../index/file-name.js';
import { contentFolder } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import { rowNode } from '../query/nodes.js';
import { renderNode } from '../query/render.js';
import type { Model } from '../schema/types.js';
import type { Data, Status } from '../types.js';
import type { GitCommit, GitPort } from './git.js';

const pathspec = (model: Model, documentId: string) => `:(glob)content/${contentFolder(model)}/${documentId}.*`;

function checkId(documentId: string): void {
  if (!DOCUMENT_ID_PATTERN.test(documentId)) throw new NotFoundError();
}

/** Versions of a document from git, newest first: commit, author, date, message. */
export async function documentHistory(git: GitPort, model: Model, documentId: string): Promise<GitCommit[]> {
  checkId(documentId);
  return git.log([pathspec(model, documentId)]);
}

/**
 * A document as it was at a commit, in the shape the API returns (no populate). Restoring is an
 * ordinary update with these fields.
 */
export async function documentAt(cms: Cms, git: GitPort, model: Model, documentId: string, commit: string, options: { status?: Status; locale?: string | null } = {}): Promise<Data> {
  checkId(documentId);
  if (!/^[0-9a-fA-F]{4,40}$/.test(commit) && !/^HEAD(~\d+)?$/.test(commit)) throw new ValidationError(`Invalid commit "${commit}"`);
  const files = (await git.listFiles(commit, `content/${contentFolder(model)}`)).filter((file) => file.slice(file.lastIndexOf('/') + 1).startsWith(`${documentId}.`));
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
  const status = options.status ?? 'published';
  const locale = model.localized ? options.locale ?? cms.config.defaultLocale : null;
  const row = buildDocumentRows(model, records, cms.config).find((candidate) =>
    (!model.draftAndPublish || candidate.status === status) && (!model.localized || candidate.locale === locale));
  if (!row) throw new NotFoundError();
  const ctx = { index: cms.index, status, locale, canRead: () => true };
  return renderNode(ctx, rowNode(ctx, row), undefined, new Map());
}
