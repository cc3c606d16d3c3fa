import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Model } from '../schema/types.js';

/** A documentId as a file name can hold it: the usual ids as they are, anything else (from a request) as its hash. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The lock file every process of the site holds while it writes a document:
 * `.cms/locks/<uid with :: as -->~<documentId>.lock` (a single type's: `…~.lock`, its one document). The id comes
 * from the request: one that is not a plain id (a slash, a NUL, hundreds of characters) is named by its SHA-256, so
 * the name never leaves `.cms/locks/` nor passes the file system's limits, and every process names it alike.
 *
 * @example
 * documentLockFile('/site', articleModel, 'abc') // '/site/.cms/locks/api--article.article~abc.lock'
 * documentLockFile('/site', articleModel, '../x') // '/site/.cms/locks/api--article.article~#<64 hex>.lock'
 */
export function documentLockFile(root: string, model: Model, documentId: string | undefined): string {
  const given = model.kind === 'singleType' ? '' : documentId ?? '';
  const id = given === '' || SAFE_ID.test(given) ? given : `#${createHash('sha256').update(given).digest('hex')}`;
  return join(root, '.cms', 'locks', `${model.uid.replace(/::/g, '--')}~${id}.lock`);
}
