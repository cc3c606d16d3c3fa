import type { ContentIndex } from '../index/content-index.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { DiskView } from '../service/disk-view.js';
import { checkPrecondition, type Precondition } from '../service/document-version.js';
import { KeyedLock } from '../service/keyed-lock.js';
import { documentLockFile } from '../storage/document-lock-file.js';
import { holdLockFile } from '../storage/lock-file.js';

/**
 * One media entry's writes, as a document's: one at a time in this process and across the site's
 * processes (the lock file `cms upload` and a server both hold), each starting from the entry's file
 * as it is on disk, and refused with a 412 when the client's `If-Match` names an older version.
 */
export class EntryLocks {
  private readonly lock = new KeyedLock();
  private readonly disk: DiskView;
  constructor(private readonly root: string, private readonly index: ContentIndex) {
    this.disk = new DiskView(root, index);
  }

  run<T>(documentId: string, precondition: Precondition | undefined, work: () => Promise<T>): Promise<T> {
    const model = this.index.model(UPLOAD_FILE_UID);
    return this.lock.run(documentId, () => holdLockFile(documentLockFile(this.root, model, documentId), async () => {
      await this.disk.refresh(model, documentId, null);
      checkPrecondition(this.index, model, documentId, null, precondition);
      return work();
    }));
  }
}
