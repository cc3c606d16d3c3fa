import { describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { DiskStore } from '../../core/storage/content-store.js';
import { forgetWritten } from '../../core/storage/written-texts.js';
import { writableSite } from './helpers.js';

// A draft's first save starts its `.draft` file from the published file's text (a YAML or Markdown document keeps its
// comments and layout); a save over a draft file that exists starts from that file and never reads the published one.
// Reading it anyway cost a disk read on every draft save once the published text had left the kept texts.

const UID = 'api::article.article';

async function articleSite() {
  const root = writableSite();
  const cms = await createCms({ root, report: () => {} });
  const documentId = cms.index.rows(UID).find((row) => row.status === 'published')!.documentId;
  const documents = cms.documents(UID);
  const files = () => cms.index.documentRecords(UID, documentId).map((record) => record.file);
  // The default locale's published file (an article has other locales' files beside it).
  const published = `content/articles/${documentId}.json`;
  expect(files()).toContain(published);
  return { root, cms, documentId, documents, files, published };
}

describe('a draft save reads the published file only for a draft file it creates', () => {
  it('the first draft save starts from the published text; the next one does not read it', async () => {
    const { root, documentId, documents, files, published } = await articleSite();
    const read = vi.spyOn(DiskStore.prototype, 'read');
    try {
      // The published text as if written long ago by someone else: nothing kept of it, so only a read could give it.
      forgetWritten(`${root}/${published}`);
      await documents.update({ documentId, status: 'draft', data: { title: 'First draft' } });
      expect(files().some((file) => file.endsWith('.draft.json'))).toBe(true);
      expect(read.mock.calls.map(([file]) => file)).toContain(published);
      read.mockClear();
      await documents.update({ documentId, status: 'draft', data: { title: 'Second draft' } });
      expect(read.mock.calls.map(([file]) => file)).not.toContain(published);
      expect(await documents.findOne({ documentId, status: 'draft' })).toMatchObject({ title: 'Second draft' });
      expect(await documents.findOne({ documentId })).not.toMatchObject({ title: 'Second draft' });
    } finally {
      read.mockRestore();
    }
  });
});
