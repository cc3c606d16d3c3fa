import { parseContentPath } from '../index/content-path.js';
import type { ChangedFile } from './work-tree.js';

/** What the list shows beside a document: changed since HEAD, or not in HEAD at all. Unchanged documents are left out. */
export type DocumentState = 'modified' | 'new';

/** `abc123.fr.draft.json` or `ab/abc123.json` (fan-out) → `abc123`: a content file's name starts with its documentId. */
const documentIdOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.slice(0, name.indexOf('.') === -1 ? undefined : name.indexOf('.'));
};
/** A path under the folder: a file in it, or in the fan-out sub-folder its id starts with (content-path.ts). */
const inFolder = (relative: string) => !relative.includes('/') || parseContentPath(`content/x/${relative}`)?.layout === 'fan-out';

/**
 * The Git state of every changed document in one content folder, from one `git status` and one
 * listing of the folder at HEAD (never a git call per document): `new` when none of its files is
 * in HEAD, `modified` otherwise.
 *
 * @example
 * documentStates([{ path: 'content/articles/a1.json', state: 'modified' }], 'content/articles', ['a1.json']) // { a1: 'modified' }
 */
export function documentStates(changes: ChangedFile[], folder: string, namesAtHead: string[]): Record<string, DocumentState> {
  const inHead = new Set(namesAtHead.filter(inFolder).map(documentIdOf));
  const states: Record<string, DocumentState> = Object.create(null);
  for (const change of changes) {
    for (const path of [change.path, change.from]) {
      if (!path?.startsWith(`${folder}/`) || !inFolder(path.slice(folder.length + 1))) continue;
      const documentId = documentIdOf(path.slice(folder.length + 1));
      if (documentId) states[documentId] = inHead.has(documentId) ? 'modified' : 'new';
    }
  }
  return states;
}
