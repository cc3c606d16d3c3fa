import { isMorph, isToMany, type Attribute, type Model, type Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { expectDocumentId, expectList, expectObject, expectTimestamp } from './source-input.js';

/** Where an answer came from (entry-data.ts SourceField). */
type SourceField = { url: string; field: string };

/** A to-many inverse side (`mappedBy`): the owning side stores its links, the file may keep its order. */
export const isOrderedInverse = (attribute: Attribute): boolean =>
  attribute.type === 'relation' && !!attribute.mappedBy && !isMorph(attribute) && isToMany(attribute);

interface Owner { documentId: string; created: number }

const byCreation = (a: Owner, b: Owner): number =>
  a.created - b.created || (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0);

/** An inverse side's populated owners (`[{ documentId, createdAt }]`), checked, in the source's order. */
function owners(where: SourceField, value: unknown): Owner[] {
  if (value === null || value === undefined) return [];
  return expectList(where.url, where.field, value).map((item, index) => {
    const field = `${where.field}[${index}]`;
    const owner = expectObject(where.url, field, item);
    const documentId = expectDocumentId(where.url, `${field}.documentId`, owner.documentId);
    const createdAt = expectTimestamp(where.url, `${field}.createdAt`, owner.createdAt);
    return { documentId, created: typeof createdAt === 'string' ? Date.parse(createdAt) : 0 };
  });
}

/** One ranking of documentIds keeping each list's order (the first list's where they disagree). */
function merged(lists: string[][]): string[] {
  const order: string[] = [];
  for (const list of lists) {
    let after = -1;
    for (const documentId of list) {
      const at = order.indexOf(documentId);
      if (at > after) after = at;
      else if (at < 0) order.splice(++after, 0, documentId);
    }
  }
  return order;
}

/**
 * A to-many inverse side's order as the source answers it (one answer per status a non-D&P
 * document's inverse is seen in), when it is not the order the index gives without one (the owners'
 * creation order, then documentId: index/row-order.ts): undefined then, so files stay as they were.
 * Strapi orders an inverse side by its join table's inverse order column, the order the owners were
 * linked in (an owner created first but linked later comes after), which creation order cannot
 * tell; the file keeps it as an inverse write does (schema/inverse-order.ts).
 */
export function inverseList(where: SourceField, values: unknown[]): string[] | undefined {
  const answers = values.map((value) => owners(where, value));
  const ordered = answers.every((list) => list.every((owner, index) => index === 0 || byCreation(list[index - 1], owner) < 0));
  return ordered ? undefined : merged(answers.map((list) => list.map((owner) => owner.documentId)));
}

/**
 * A non-D&P document's to-many inverses whose owners have drafts: Strapi keeps the drafts' order
 * apart from the published versions', and a read in draft status (a draft owner populating it) sees
 * it, so the import asks both and the file keeps one order for both.
 */
export function inversesByStatus(models: Models, model: Model): string[] {
  if (model.draftAndPublish) return [];
  return model.attributeNames.filter((name) => {
    const attribute = model.attributes[name];
    return isOrderedInverse(attribute) && models.get(attribute.target!)?.draftAndPublish === true;
  });
}

/** The file's data with the draft answer's inverse orders joined in (`inversesByStatus`). */
export function withDraftOrders(data: Data, names: string[], published: Data, draft: Data, where: SourceField): Data {
  const next: Data = { ...data };
  for (const name of names) {
    const order = inverseList({ url: where.url, field: `${where.field}.${name}` }, [published[name], draft[name]]);
    if (order) next[name] = order;
    else delete next[name];
  }
  return next;
}
