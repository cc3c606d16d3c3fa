import { invalidKey, ValidationError } from '../errors.js';
import { isMorph, isPopulatable, type Attribute, type Model } from '../schema/types.js';
import type { PopulateMap, PopulateNode } from './ast.js';
import { ErrorBook } from './error-book.js';
import { normalizeFields } from './normalize-fields.js';
import { listOf, normalizeFilters, type NormalizeContext } from './normalize-filters.js';
import { normalizeSort } from './normalize-sort.js';
import { attributeFor, isReadable, populatableAttribute, populateAll, targetModel } from './populate-attributes.js';
import { dotPath } from './populate-dot-path.js';
import { mergePopulateNode } from './populate-merge.js';
import { into, joinKey, ROOT, type PopulatePath } from './populate-path.js';
import { textOf } from './text.js';
import { inPasses, laterError } from './validation-passes.js';

export { populateAll } from './populate-attributes.js';
export type { PopulatePath } from './populate-path.js';

/**
 * The `populate` parameter against the schema: its string, list and object forms (`fields`,
 * `filters`, `sort`, `populate`, `count`, dynamic-zone `on`) become one populate tree, with
 * Strapi's errors.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const TRUE_LIKE = ['true', 't', '1', '*'];
const FALSE_LIKE = ['false', 'f', '0'];
const NODE_KEYS = ['fields', 'filters', 'sort', 'populate', 'count', 'on'];
/** The populate keys Strapi's validator reads as booleans and skips (its `isBooleanLike`). */
const BOOLEAN_KEYS = new Set([...TRUE_LIKE, ...FALSE_LIKE].filter((key) => key !== '*'));
/** A primitive's text, '' for objects (query objects have no prototype, so String() would throw). */
const text = (value: unknown): string => (value !== null && typeof value === 'object' ? '' : textOf(value));
const isTrue = (value: unknown) => value === true || TRUE_LIKE.includes(text(value));
const isFalse = (value: unknown) => value === false || FALSE_LIKE.includes(text(value));

/**
 * `fields`, `filters` and `sort` inside populate are validated as part of `populate` in Strapi
 * (`validate/index.ts` validatePopulate sets `details.param` on whatever its nested validators throw).
 */
function asPopulateParam<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ValidationError && error.details && 'param' in error.details) error.details.param = 'populate';
    throw error;
  }
}

/** `populate[x][count]`: a boolean-like value, else Strapi's `Invalid key count`. */
function countFlag(value: unknown, path: PopulatePath): boolean {
  const flag = text(value).toLowerCase();
  if (![...TRUE_LIKE, ...FALSE_LIKE].includes(flag) || flag === '*') throw invalidKey('count', path.attribute, 'populate');
  return TRUE_LIKE.includes(flag);
}

/**
 * `on` fragments, component uid → how to populate it. Strapi's validator only checks that each
 * uid names a model (`Invalid key <uid> at <path>.on.<uid>`); a component the zone does not allow
 * simply matches no item.
 */
function fragments(ctx: NormalizeContext, value: unknown, path: PopulatePath): Map<string, PopulateNode> {
  const onPath = into(path, 'on', false);
  if (!isRecord(value)) throw invalidKey('on', onPath.raw, 'populate');
  const on = new Map<string, PopulateNode>();
  for (const [uid, fragment] of Object.entries(value)) {
    const component = ctx.models.get(uid);
    if (!component) throw invalidKey(uid, `${onPath.raw}.${uid}`, 'populate');
    on.set(uid, fragmentNode(ctx, component, fragment, { raw: `${onPath.raw}[${uid}]`, attribute: path.attribute }));
  }
  return on;
}

const ZONE_KEYS = ['populate', 'on', 'count'];

/**
 * Errors Strapi finds only when its document service converts the query (`convert-query-params.ts`), after its validator
 * has checked every key of every parameter: collected while `populateAndLateError` runs (the query's compiler throws the
 * first where Strapi would, after the sort's directions), thrown at once otherwise.
 */
const conversionErrors = new ErrorBook<ValidationError>();
const conversionError = (error: ValidationError): void => conversionErrors.keep(error, error);
const zoneRefusal = (model: Model, key: string, value: unknown) => new ValidationError(
  `Invalid nested populate for ${model.singularName}.${key} (${model.uid}). `
  + `Expected a fragment ("on") or "count" but found ${JSON.stringify(value)}`,
);

/**
 * A dynamic zone (or morph relation) accepts only fragments, `populate=*` and `count`
 * (`convert-query-params.ts` convertPopulateObject; any other `populate` is `Invalid key populate at <zone>`).
 * With fragments, only the listed components are returned (`populate/apply.ts` morphToMany); `count` has
 * no effect there.
 */
function zoneNode(
  ctx: NormalizeContext, model: Model, key: string, attribute: Attribute, value: Record<string, unknown>, path: PopulatePath,
): PopulateNode {
  const on = value.on === undefined || value.on === null ? undefined : fragments(ctx, value.on, path);
  if (Object.keys(value).some((option) => !ZONE_KEYS.includes(option))) {
    conversionError(zoneRefusal(model, key, value));
    return {};
  }
  const populate = value.populate;
  // a morph relation's `count` counts its links (recorded: morph.many.populate.count); a zone's has no effect
  if (isMorph(attribute) && value.count !== undefined && countFlag(value.count, path)) return { count: true };
  // Strapi's query validator refuses any other nested populate of a zone before it is converted
  // (recorded: zone.populate.without.on.*)
  if (populate !== undefined && populate !== null && populate !== '*') throw invalidKey('populate', path.attribute, 'populate');
  if (on) return { on, fragments: true };
  if (populate === '*') {
    return { on: new Map(zoneComponents(ctx, attribute).map((uid) => [uid, { populate: populateAll(ctx, ctx.models.get(uid)!) }])) };
  }
  return {};
}

/**
 * The components a zone's `populate=*` reaches: its own, then every other one, since a zone may
 * hold an item of a component it does not list (Strapi stores one; recorded:
 * invalid.create.zone.unknown.component.read.star populates that item's relations too).
 */
function zoneComponents(ctx: NormalizeContext, attribute: Attribute): string[] {
  const listed = attribute.components ?? [];
  if (attribute.type !== 'dynamiczone') return listed;
  const others = [...ctx.models.values()].filter((model) => model.modelType === 'component' && !listed.includes(model.uid))
    .map((model) => model.uid);
  return [...listed, ...others];
}

function nodeFromObject(
  ctx: NormalizeContext, model: Model, key: string, attribute: Attribute, value: Record<string, unknown>, path: PopulatePath,
): PopulateNode {
  // the inverse side of a morph relation (`morphMany`, `morphOne`) has a target and populates as any relation
  const zoneLike = attribute.type === 'dynamiczone' || (isMorph(attribute) && !attribute.target);
  if (zoneLike) return zoneNode(ctx, model, key, attribute, value, path);
  const node: PopulateNode = {};
  const target = targetModel(ctx, attribute)!;
  for (const [option, optionValue] of Object.entries(value)) {
    if (!NODE_KEYS.includes(option)) throw invalidKey(option, path.attribute, 'populate');
    if (option === 'on') {
      fragments(ctx, optionValue, path);
      throw new ValidationError(`Using fragments is not permitted to populate "${key}" in "${model.uid}"`);
    }
    if (option === 'count') node.count = countFlag(optionValue, path);
    if (option === 'fields') node.fields = asPopulateParam(() => normalizeFields(target, optionValue));
    if (option === 'filters') node.filters = asPopulateParam(() => normalizeFilters(ctx, target, optionValue));
    if (option === 'sort') node.sort = asPopulateParam(() => normalizeSort(ctx, target, optionValue));
    if (option === 'populate') node.populate = normalizePopulate(ctx, target, optionValue, into(path, 'populate', false));
  }
  return node;
}

/** A dynamic-zone fragment: `on[shared.quote]=true`, `[populate]=*`, `[fields]`, `[populate][x]…`. */
function fragmentNode(ctx: NormalizeContext, component: Model, fragment: unknown, path: PopulatePath): PopulateNode {
  if (isTrue(fragment)) return {};
  if (!isRecord(fragment)) throw invalidKey(component.uid, path.raw, 'populate');
  const node: PopulateNode = {};
  for (const [option, value] of Object.entries(fragment)) {
    if (option === 'populate') node.populate = normalizePopulate(ctx, component, value, into(path, 'populate', false));
    else if (option === 'fields') node.fields = asPopulateParam(() => normalizeFields(component, value));
    else if (option === 'filters') node.filters = asPopulateParam(() => normalizeFilters(ctx, component, value));
    else if (option === 'sort') node.sort = asPopulateParam(() => normalizeSort(ctx, component, value));
    else throw invalidKey(option, path.attribute, 'populate');
  }
  return node;
}

/**
 * Every populate form Strapi accepts: `*`, `a,b`, lists, dot paths, `populate[a]=true`, and
 * objects with `fields`, `filters`, `sort`, `populate`, `count` and dynamic-zone `on`.
 */
export function normalizePopulate(
  ctx: NormalizeContext, model: Model, raw: unknown, path: PopulatePath = ROOT,
): PopulateMap {
  if (raw === undefined || raw === null || raw === '') return new Map();
  // a nested `populate=true` names no attribute: Strapi's `Invalid key true` (recorded: foodadvisor fuzz.populate.nested.true)
  if (raw === '*') return populateAll(ctx, model);
  const list = listOf(raw);
  const map: PopulateMap = new Map();
  if (typeof raw === 'string' || list) {
    for (const item of list ?? [raw]) {
      // (`*` inside a list or a comma list is no attribute: Strapi's `Invalid key *`, recorded)
      if (typeof item !== 'string') {
        throw new ValidationError('Invalid populate parameter. Expected a string, an array of strings, a populate object');
      }
      for (const dotted of item.split(',').map((part) => part.trim()).filter(Boolean)) {
        const segments = dotted.split('.').map((part) => part.trim()).filter(Boolean);
        for (const [key, node] of dotPath(ctx, model, segments, path)) mergePopulateNode(map, key, node);
      }
    }
    return map;
  }
  if (!isRecord(raw)) throw invalidKey(text(raw), path.attribute, 'populate');
  for (const [key, value] of Object.entries(raw)) {
    const zone = attributeFor(model, key);
    // A key Strapi reads as a boolean (`0`, `1`, `true`, `f`…) naming no attribute is skipped unread by its validator and its
    // conversion: qs makes `0` and `1` of `populate[a][populate]=*&populate=b` (recorded: populate.mixed.forms)
    if (!zone && BOOLEAN_KEYS.has(key)) continue;
    // Strapi's conversion refuses `*` on a dynamic zone, once its validator found no other key wrong (recorded:
    // populate.mixed.forms; a nested `populate=true` before it is `Invalid key true`: fuzz.populate.zone.star.after.keys)
    if (value === '*' && zone && (zone.type === 'dynamiczone' || isMorph(zone))) {
      conversionError(zoneRefusal(model, key, '*'));
      continue;
    }
    const attribute = populatableAttribute(model, key, path);
    const here = into(path, key, true);
    if (!isReadable(ctx, attribute)) continue;
    // `populate[x]` without a value (null) is no directive: Strapi skips it, as it skips false.
    if (value === null || isFalse(value)) continue;
    if (value === '*' && ['relation', 'media', 'component'].includes(attribute.type) && !isMorph(attribute)) {
      // Strapi reads `populate[author]=*` as a nested populate of everything and then refuses the
      // target's first relational attribute: `Invalid key avatar at author.avatar` (recorded); so for a
      // component (`Invalid key metaImage at seo.metaImage`) and a media (`Invalid key related at
      // images.related`), recorded in foodadvisor 50-fuzz-findings. A target without one populates as `true`.
      const target = targetModel(ctx, attribute);
      // (a file's first relational attribute is its morph `related`, which the file model here keeps apart)
      const first = attribute.type === 'media' ? 'related'
        : target?.attributeNames.find((name) => isPopulatable(target.attributes[name]) && !target.attributes[name].private);
      if (first) {
        // met in Strapi's later walk of the populate, after every unknown key or component of it (recorded:
        // fuzz.populate.star.after.unknown.component)
        const at = joinKey(here.attribute, first);
        laterError('private', new ValidationError(`Invalid key ${first} at ${at}`, { key: first, path: at }));
        continue;
      }
    }
    if (isTrue(value)) { mergePopulateNode(map, key, {}); continue; }
    if (!isRecord(value)) throw invalidKey(text(value), here.attribute, 'populate');
    // Strapi 5.54 leaves a morph relation out of the answer when its populate selects `fields` or a nested `populate`
    // instead of fragments (recorded: morph.many.populate.fields, morph.many.populate.nested)
    if (isMorph(attribute) && !attribute.target && value.on === undefined && ('fields' in value || 'populate' in value)) continue;
    mergePopulateNode(map, key, nodeFromObject(ctx, model, key, attribute, value, here));
  }
  return map;
}

/**
 * `normalizePopulate` of a whole query's `populate`, and the first error Strapi would find only when converting it (see
 * `conversionErrors`), for the caller to throw in Strapi's order.
 */
export function populateAndLateError(
  ctx: NormalizeContext, model: Model, raw: unknown,
): { populate: PopulateMap; late?: ValidationError } {
  const { result: populate, kept } = conversionErrors.collect(() => inPasses(() => normalizePopulate(ctx, model, raw)));
  return { populate, late: kept[0] };
}
