import type { Row } from '../types.js';
import { inverseOrder } from './inverse-order.js';
import { resolveRelationInput } from './relation-input.js';
import { isToMany, type Attribute } from './types.js';
import type { ValidateContext } from './validate-context.js';

/** The owning documents a write to an inverse relation links (`add`) or unlinks (`remove`). */
export interface InverseChange {
  ownerUid: string;
  ownerAttribute: string;
  /** The owners' locale (null when the owning type is not localized). */
  locale: string | null;
  add: string[];
  remove: string[];
  /** The inverse side's order after the write (to-many inverses), stored in the written document's file. */
  order?: string[];
}

/**
 * A relation written from its inverse side (`author.articles`): stored once, on the owning side,
 * so the body becomes a change to the owning documents (who gains the link, who loses it).
 * Every Strapi body shape works, against the owners that link here now.
 */
export function inverseChange(ctx: ValidateContext, attribute: Attribute, value: unknown, text: string, stored: unknown): InverseChange {
  const owner = ctx.index.model(attribute.target!);
  const mappedBy = attribute.mappedBy!;
  const locale = owner.localized ? ctx.locale ?? ctx.index.config.defaultLocale : null;
  // The owners' versions a read of them sees by default (their drafts), in this locale: from the
  // index's kept links to this document, not a scan of the owning type.
  const seen = (row: Row) => (!owner.draftAndPublish || row.status === 'draft') && (!owner.localized || row.locale === locale);
  const linking = ctx.index.linkingRows(owner.uid, mappedBy, ctx.documentId).filter(seen);
  const current = inverseOrder(linking.map((row) => row.documentId), (id) => id, stored);
  const resolved = resolveRelationInput(ctx, attribute, owner.uid, value, current, text);
  const desired = (resolved === null ? [] : Array.isArray(resolved) ? resolved : [resolved]) as string[];
  return {
    ownerUid: owner.uid, ownerAttribute: mappedBy, locale,
    add: desired.filter((documentId) => !current.includes(documentId)),
    remove: current.filter((documentId) => !desired.includes(documentId)),
    ...(isToMany(attribute) ? { order: desired } : {}),
  };
}
