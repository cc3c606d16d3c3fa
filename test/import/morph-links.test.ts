// `cms import` keeps a morphToMany's links: the populate it asks the source for brings them whole (Strapi leaves a
// morph relation out of a populate with `fields`, recorded: morph.many.populate.fields), and the file stores each as
// { __type, documentId }, the form schema/morph-input.ts writes; a source answering another shape is named.
import { describe, expect, it } from 'vitest';
import { populateAll, storedData } from '../../core/import/entry-data.js';
import { ImportSourceError } from '../../core/import/source-input.js';
import type { Model, Models } from '../../core/schema/types.js';

const comment = {
  uid: 'api::comment.comment', modelType: 'contentType', kind: 'collectionType', singularName: 'comment', pluralName: 'comments',
  displayName: 'Comment', draftAndPublish: false, localized: false, file: 'schema.json',
  attributes: { body: { type: 'string' }, related: { type: 'relation', relation: 'morphToMany' }, pin: { type: 'relation', relation: 'morphToOne' } },
  attributeNames: ['body', 'related', 'pin'],
} as unknown as Model;
const models: Models = new Map([[comment.uid, comment]]) as unknown as Models;
const where = { url: 'http://strapi/api/comments', field: 'data[0]' };

describe('morph relations in cms import', () => {
  it('asks for a morphToMany whole and leaves a morphToOne out', () => {
    expect(populateAll(models, comment)).toEqual({ related: true });
  });

  it('stores each link as { __type, documentId }, in the source\'s order', () => {
    const entry = { body: 'c1', related: [
      { id: 3, documentId: 'r1', name: 'Chez Ann', __type: 'api::restaurant.restaurant' },
      { id: 9, documentId: 'v1', stars: 5, __type: 'api::review.review' },
    ] };
    expect(storedData(models, comment, entry, where)).toEqual({ body: 'c1', related: [
      { __type: 'api::restaurant.restaurant', documentId: 'r1' }, { __type: 'api::review.review', documentId: 'v1' },
    ] });
  });

  it('names a link without its type (the source is not Strapi 5 as expected)', () => {
    const entry = { related: [{ id: 3, documentId: 'r1' }] };
    expect(() => storedData(models, comment, entry, where)).toThrow(ImportSourceError);
    expect(() => storedData(models, comment, entry, where)).toThrow(/data\[0\]\.related\[0\]\.__type must name a content type/);
  });
});
