import type { Cms } from '../core/cms.js';
import { didYouMean } from '../core/did-you-mean.js';
import type { Model } from '../core/schema/types.js';
import { UsageError } from './output.js';

/** The API ids a user types: plural for collection types, singular for single types. */
const apiIds = (cms: Cms): string[] => cms.contentTypes().map(routeId).sort();

/**
 * The content type a command names (uid, plural or singular API id). An unknown name is a usage
 * error listing the types, with the nearest one suggested.
 *
 * @example
 * contentTypeArg(cms, 'artcles') // throws: unknown content type "artcles" (did you mean "articles"?); types: …
 */
export function contentTypeArg(cms: Cms, name: string): Model {
  const model = cms.contentTypes().find((candidate) => [candidate.uid, candidate.pluralName, candidate.singularName].includes(name));
  if (model) return model;
  const names = apiIds(cms);
  throw new UsageError(`unknown content type "${name}"${didYouMean(name, names)}; types: ${names.join(', ') || 'none (no schemas)'}`);
}

/**
 * The id a type's routes use, whatever name the user typed: plural for collection types, singular
 * for single types (`cms get article` and `cms get globals`, as `cms ls` prints them, both work).
 *
 * @example
 * routeId(singleTypeGlobal) // 'global'
 */
export const routeId = (model: Model): string => (model.kind === 'singleType' ? model.singularName : model.pluralName);

/** A collection type's documentId, required where a single type needs none. */
export function documentIdArg(model: Model, documentId: string | undefined, command: string): string | undefined {
  if (documentId === undefined && model.kind !== 'singleType') {
    throw new UsageError(`give the documentId: cms ${command} ${model.pluralName} <documentId>`);
  }
  return documentId;
}
