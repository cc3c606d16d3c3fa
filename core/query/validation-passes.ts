import type { ValidationError } from '../errors.js';
import { isMorph, type Attribute } from '../schema/types.js';
import { ErrorBook } from './error-book.js';

/**
 * Strapi's validator walks a `filters` or `sort` parameter once per check, in this order (its FILTER_TRAVERSALS and
 * SORT_TRAVERSALS): unknown keys and operators first, then dynamic zones, morph relations, passwords, private fields. So
 * an unknown operator anywhere in the parameter is named before a private field met earlier in it (recorded:
 * fuzz.filter.operator.before.private, fuzz.sort.unknown.before.private).
 */
const PASSES = ['dynamicZones', 'morphRelations', 'passwords', 'private'] as const;
export type LaterPass = typeof PASSES[number];

/** The later check that refuses this attribute in a filter or a sort, if any. */
export function refusingPass(attribute: Attribute): LaterPass | undefined {
  if (attribute.type === 'dynamiczone') return 'dynamicZones';
  if (isMorph(attribute) && !attribute.target) return 'morphRelations';
  if (attribute.type === 'password') return 'passwords';
  return attribute.private ? 'private' : undefined;
}

const later = new ErrorBook<{ rank: number; error: ValidationError }>();

/** An error of a later check: kept until the whole parameter has been walked (thrown at once outside `inPasses`). */
export function laterError(pass: LaterPass, error: ValidationError): void {
  later.keep({ rank: PASSES.indexOf(pass), error }, error);
}

/**
 * Walk one parameter with `run` (which throws the unknown keys' errors itself), then throw the error of the earliest
 * later check, the first met of it. A parameter within another (a populate's own `filters`) is walked on its own, as
 * Strapi validates it when its walk of the outer one reaches it.
 */
export function inPasses<T>(run: () => T): T {
  const { result, kept } = later.collect(run);
  let first: { rank: number; error: ValidationError } | undefined;
  for (const item of kept) if (!first || item.rank < first.rank) first = item;
  if (first) throw first.error;
  return result;
}
