// The disk view's look at a document's files is planned before the lock's take but made right after it, in the same
// message to the look thread: a change another process made while this one waited for the lock is seen, not put back.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { documentLockFile } from '../../core/service/write-locks.js';
import { holdLockFile } from '../../core/storage/lock-file.js';
import { processLookThread } from '../../core/storage/write-thread.js';
import { writableSite } from '../write/helpers.js';

const TAG = 'content/tags/b2hjgyg2kdh9a72boali13fe.json';
const ID = 'b2hjgyg2kdh9a72boali13fe';

describe('a write that waited for another process\'s lock', () => {
  let cms: Cms | undefined;
  afterEach(async () => { vi.restoreAllMocks(); await cms?.close(); });

  it('merges onto the file as the holder left it (its look made after the take), not as the index knew it before', async () => {
    const root = writableSite();
    cms = await createCms({ root, report: () => {} });
    const model = cms.index.models.get('api::tag.tag')!;
    const thread = processLookThread();
    const call = thread.call.bind(thread) as (asked: object) => Promise<unknown>;
    let refused!: () => void;
    const firstTakeRefused = new Promise<void>((resolve) => { refused = resolve; });
    vi.spyOn(thread, 'call').mockImplementation(((asked: object) => {
      const answer = call(asked);
      if ('link' in asked) answer.catch((error: NodeJS.ErrnoException) => { if (error.code === 'EEXIST') refused(); });
      return answer;
    }) as never);
    const { update } = await holdLockFile(documentLockFile(root, model, ID), async () => {
      const update = cms!.documents('api::tag.tag').update({ documentId: ID, status: 'published', data: { color: 'blue' } });
      await firstTakeRefused;
      // Another process's write under its lock, after this one planned its look and found the lock taken.
      writeFileSync(join(root, TAG), readFileSync(join(root, TAG), 'utf8').replace('"name": "Coffee"', '"name": "Tea"'));
      return { update }; // not awaited under the lock: it waits for this holder's release
    });
    expect(await update).toMatchObject({ name: 'Tea', color: 'blue' });
    expect(JSON.parse(readFileSync(join(root, TAG), 'utf8'))).toMatchObject({ name: 'Tea', color: 'blue' });
  });
});
