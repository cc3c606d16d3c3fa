import { describe, expect, it } from 'vitest';
import { DeferredRow } from '../../core/index/deferred-row.js';
import type { RowFields } from '../../core/index/indexed-row.js';
import type { FileRecord } from '../../core/index/read-file.js';

const fields: RowFields = {
  uid: 'api::article.article', id: 1, documentId: 'a1', locale: null, status: 'published',
  createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', publishedAt: '2024-01-01T00:00:00.000Z',
  file: 'content/articles/a1.json',
};

describe('a deferred row', () => {
  it('retries its source after a failed first read instead of losing it', () => {
    let reads = 0;
    const record = {
      get data() {
        if (reads++ === 0) throw new Error('ENOENT: content/articles/a1.json');
        return { title: 'T' };
      },
    } as unknown as FileRecord;
    const row = new DeferredRow(fields, record);
    expect(() => row.data).toThrow(/ENOENT/);
    expect(row.data).toEqual({ title: 'T' });
  });

  it('retries a shared fill that failed', () => {
    let fills = 0;
    const row: DeferredRow = new DeferredRow(fields, () => { if (fills++ === 0) throw new Error('EIO'); row.data = { title: 'T' }; });
    expect(() => row.data).toThrow(/EIO/);
    expect(row.data).toEqual({ title: 'T' });
  });
});
