import { describe, expect, it } from 'vitest';
import { SnapshotEntries } from '../../core/index/snapshot/read-snapshot.js';
import type { SnapshotEntry } from '../../core/index/snapshot/snapshot-format.js';

const entries = (...files: string[]) => files.map((file) => ({ record: { file } }) as unknown as SnapshotEntry);
const files = (found: (SnapshotEntry | undefined)[]) => found.map((entry) => entry?.record.file);

describe('a snapshot\'s entries by file', () => {
  it('answers files asked in order (some missing, some skipped) and out of order alike', () => {
    const kept = new SnapshotEntries(entries('content/a/1.json', 'content/a/3.json', 'content/b/1.json', 'content/b/2.json'));
    expect(files(['content/a/0.json', 'content/a/3.json', 'content/b/2.json', 'content/c/1.json'].map((file) => kept.get(file))))
      .toEqual([undefined, 'content/a/3.json', 'content/b/2.json', undefined]);
    // Out of order: a lookup by map, which still finds every entry.
    expect(files(['content/a/1.json', 'content/b/1.json', 'content/a/2.json'].map((file) => kept.get(file))))
      .toEqual(['content/a/1.json', 'content/b/1.json', undefined]);
    expect(kept.size).toBe(4);
  });

  it('finds entries written out of sorted order', () => {
    const kept = new SnapshotEntries(entries('content/b/1.json', 'content/a/1.json'));
    expect(files([kept.get('content/a/1.json'), kept.get('content/b/1.json')])).toEqual(['content/a/1.json', 'content/b/1.json']);
  });

  it('finds a run of files held one after another, and not one with a file the snapshot lacks; each file is still found after', () => {
    const kept = new SnapshotEntries(entries('content/a/1.json', 'content/b/1.json', 'content/b/2.json', 'content/c/1.json'));
    // The listing's content/b/ holds a file the snapshot lacks: not a run, and each of its files is asked for next.
    expect(kept.runOf(['content/a/1.json', 'content/b/1.json', 'content/b/15.json'], 1, 3)).toBeUndefined();
    expect(files([kept.get('content/b/1.json'), kept.get('content/b/15.json')])).toEqual(['content/b/1.json', undefined]);
    const listing = ['content/b/2.json', 'content/c/1.json'];
    expect(kept.runOf(listing, 1, 2)).toBe(3);
    kept.skipTo(4);
    // Past the run: in order still, and a file before it out of order.
    expect(files([kept.get('content/d/1.json'), kept.get('content/a/1.json')])).toEqual([undefined, 'content/a/1.json']);
  });
});
