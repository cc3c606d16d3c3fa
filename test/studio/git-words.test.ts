import { describe, expect, it } from 'vitest';
// @ts-expect-error: a browser ES module without type declarations
import { versionTitle } from '../../studio/git-fields.js';

// The Git panel's history labels: a write's commit subject (machine-readable, see core/git/commit-per-write.ts) in document words.
const change = { documentId: 'sym7ypeehf0zhp30yx5dc1zj', title: 'The internet\'s Own boy' };

describe('a history entry in document words', () => {
  it.each([
    ['Update api::article.article sym7ypeehf0zhp30yx5dc1zj (en)', 'Updated “The internet\'s Own boy” (English)'],
    ['Create api::article.article sym7ypeehf0zhp30yx5dc1zj (fr)', 'Created “The internet\'s Own boy” (French)'],
    ['Publish api::article.article sym7ypeehf0zhp30yx5dc1zj', 'Published “The internet\'s Own boy”'],
    ['Discard draft of api::article.article sym7ypeehf0zhp30yx5dc1zj (en)\n\nUpdate api::author.author x', 'Discarded the draft of “The internet\'s Own boy” (English)'],
    // A person's message, or a write of another document, stays as written.
    ['Fix the typo in the intro', 'Fix the typo in the intro'],
    ['Update api::article.article anotherdocumentid000000 (en)', 'Update api::article.article anotherdocumentid000000 (en)'],
  ])('%j → %s', (message, expected) => {
    expect(versionTitle(message, change)).toBe(expected);
  });
});
