import { invalidKey, ValidationError } from '../errors.js';
import { getAttribute, isHiddenAttribute, UPLOAD_FILE_UID, type Attribute, type Model, type Models } from '../schema/types.js';
import type { FieldRef, Filter } from './ast.js';
import { castFilterValue } from './cast.js';
import { fieldRef } from './nodes.js';
import { isOperator, OPERATORS, parseFlag, type Operator } from './operators.js';
import { inPasses, laterError, refusingPass } from './validation-passes.js';

/** What validation needs to know beyond the query: the models and what the caller may read. */
export interface NormalizeContext {
  models: Models;
  canRead: (uid: string) => boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** qs turns big or sparse arrays into objects with numeric keys; read both as lists. */
export function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.keys(value).sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
  }
  return undefined;
}

const joinPath = (path: string | null, key: string) => (path ? `${path}.${key}` : key);
const both = (filters: Filter[]): Filter | undefined => (filters.length === 0
  ? undefined
  : filters.length === 1
  ? filters[0]
  : { kind: 'and', filters });

function castArgument(operator: Operator, raw: unknown, field: FieldRef, path: string): unknown {
  const spec = OPERATORS[operator];
  const list = listOf(raw);
  if (spec.argument === 'flag') return parseFlag(raw);
  const castOne = (value: unknown) => {
    if (spec.argument === 'text') {
      if (value === null) return null;
      if (typeof value === 'object') {
        throw new ValidationError(
          `Invalid value for ${path}: expected a single value`, { key: operator, path, source: 'query', param: 'filters' },
        );
      }
      return String(value);
    }
    if (value !== null && typeof value === 'object') throw invalidKey(operator, path, 'filters');
    return castFilterValue(value, field.type, path);
  };
  if ('list' in spec && spec.list) {
    const items = (list ?? [raw]).map(castOne);
    if (operator === '$between' && items.length !== 2) {
      throw new ValidationError(`$between at ${path} needs two values`, { key: operator, path, source: 'query', param: 'filters' });
    }
    return items;
  }
  return list ? list.map(castOne) : castOne(raw);
}

/** A list qs turned into an object because an index passed its arrayLimit (100). */
const overflowed = (value: unknown): boolean => isRecord(value)
  && Object.keys(value).some((index) => /^\d+$/.test(index) && Number(index) > 100);

/**
 * Conditions on one scalar: `value`, `[a, b]` (implicit $in), or `{ $op: value, ... }`; undefined when every condition was
 * dropped. `keyPath`: where an unknown key is reported (`id` and `documentId` are no attributes of Strapi's schema, so a key
 * under them is reported at the path they sit at: `Invalid key $nope`, `Invalid key $nope at product`; recorded).
 */
function normalizeFieldWhere(field: FieldRef, raw: unknown, path: string, keyPath: string | null = path): Filter | undefined {
  // `filters[name][150]=x` is no list for Strapi but a key: `Invalid key 150 at name` (recorded)
  if (overflowed(raw)) throw invalidKey(Object.keys(raw as object).find((key) => !isOperator(key))!, keyPath, 'filters');
  const list = listOf(raw);
  if (!isRecord(raw) || list) {
    if (list) return { kind: 'compare', field, operator: '$in', value: castArgument('$in', list, field, path) };
    return { kind: 'compare', field, operator: '$eq', value: castArgument('$eq', raw, field, path) };
  }
  const filters: Filter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$not') {
      // the negation of a dropped condition is dropped too, not "nothing matches" (recorded: fuzz.operator.object.not)
      const inner = normalizeFieldWhere(field, value, path, keyPath);
      if (inner) filters.push({ kind: 'not', filter: inner });
      continue;
    }
    if (!isOperator(key)) throw invalidKey(key, keyPath, 'filters');
    // Past qs's arrayLimit (index > 100) a list arrives as an object; Strapi then drops the
    // condition and every row matches (recorded: qs.in.overflow, qs.in.index.overflow). So it drops an operator whose
    // value qs made an object by a key that is no index (`[$eq][a]=1`, `[$in][0]=x&[$in][a]=y`), unread: nothing in it
    // is validated, and an `$or` keeps its other branches (recorded: fuzz.operator.object.*).
    if (overflowed(value) || (OPERATORS[key].argument !== 'flag' && isRecord(value) && !listOf(value))) continue;
    filters.push({ kind: 'compare', field, operator: key, value: castArgument(key, value, field, path) });
  }
  return both(filters);
}

/**
 * `$not` of a condition through a relation or component, as Strapi's SQL runs it: the NOT applies to each joined row, so
 * a document matches when one of its related items does not match (one without items, a NULL row, does not); recorded
 * over GraphQL: f.rel.k.picks.not, f.comp.k.items.not. Any other condition is negated whole.
 */
const negated = (filter: Filter): Filter =>
  (filter.kind === 'nested' ? { ...filter, filter: negated(filter.filter) } : { kind: 'not', filter });

/**
 * Validate and compile Strapi `filters` against a model: every key checked (unknown fields,
 * operators, private or dynamic-zone paths, unreadable relations → 400 naming them), every
 * value cast by attribute type.
 */
export function normalizeFilters(ctx: NormalizeContext, model: Model, raw: unknown, path: string | null = null): Filter | undefined {
  return inPasses(() => walkFilters(ctx, model, raw, path));
}

function walkFilters(ctx: NormalizeContext, model: Model, raw: unknown, path: string | null): Filter | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const list = listOf(raw);
  if (list) return both(list.map((item) => walkFilters(ctx, model, item, path)).filter((item): item is Filter => !!item));
  // Strapi's words (its validateFilters), without details
  if (!isRecord(raw)) throw new ValidationError('The filters parameter must be an object or an array');

  const filters: Filter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$and' || key === '$or') {
      const items = listOf(value);
      if (!items) throw new ValidationError(`Operator ${key} must be an array`, { key, path, source: 'query', param: 'filters' });
      const compiled = items.map((item) => walkFilters(ctx, model, item, path)).filter((item): item is Filter => !!item);
      if (compiled.length) filters.push({ kind: key === '$and' ? 'and' : 'or', filters: compiled });
      continue;
    }
    if (key === '$not') {
      const inner = walkFilters(ctx, model, value, path);
      if (inner) filters.push(negated(inner));
      continue;
    }
    if (isOperator(key)) {
      throw new ValidationError(
        `Only $and, $or and $not can be used as root level operators. Found ${key}.`, { key, path, source: 'query', param: 'filters' },
      );
    }
    const filter = normalizeKey(ctx, model, key, value, path);
    if (filter) filters.push(filter);
  }
  return both(filters);
}

function normalizeKey(ctx: NormalizeContext, model: Model, key: string, value: unknown, path: string | null): Filter | undefined {
  const attribute = getAttribute(model, key);
  const attributePath = joinPath(path, key);
  if (!attribute) {
    // the virtual relation to the document's other locales filters like a relation to this type (recorded: filter.posts.localizations)
    if (key === 'localizations' && model.localized && model.modelType === 'contentType') {
      const inner = isRecord(value) && !listOf(value)
        ? walkFilters(ctx, model, value, attributePath)
        : normalizeFieldWhere(fieldRef(model, 'id')!, value, attributePath);
      return { kind: 'nested', attribute: key, filter: inner ?? { kind: 'and', filters: [] } };
    }
    if (isHiddenAttribute(model, key)) {
      laterError('private', invalidKey(key, attributePath, 'filters'));
      return undefined;
    }
    const field = fieldRef(model, key);
    if (!field || !['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'].includes(key)) {
      throw invalidKey(key, path, 'filters');
    }
    return normalizeFieldWhere(field, value, attributePath, key === 'id' || key === 'documentId' ? path : attributePath);
  }
  // (the inverse side of a morph relation has a target: Strapi filters through it, matching nothing here as there)
  const refused = refusingPass(attribute);
  if (refused) {
    laterError(refused, invalidKey(key, attributePath, 'filters'));
    // its conditions are still walked for unknown keys and operators, Strapi's first check (recorded: fuzz.filter.operator.before.private)
    if (refused !== 'dynamicZones' && refused !== 'morphRelations') attributeWhere(ctx, key, attribute, value, attributePath);
    return undefined;
  }
  return attributeWhere(ctx, key, attribute, value, attributePath);
}

/** The conditions on one attribute of the model. */
function attributeWhere(ctx: NormalizeContext, key: string, attribute: Attribute, value: unknown, attributePath: string): Filter | undefined {
  if (attribute.type === 'relation' || attribute.type === 'media' || attribute.type === 'component') {
    const targetUid = attribute.type === 'relation'
      ? attribute.target!
      : attribute.type === 'media'
      ? UPLOAD_FILE_UID
      : attribute.component!;
    if (attribute.type === 'relation' && !ctx.canRead(targetUid)) throw invalidKey(key, attributePath, 'filters');
    const target = ctx.models.get(targetUid)!;
    const idField = fieldRef(target, 'id')!;
    if (!isRecord(value) || listOf(value)) {
      const filter = normalizeFieldWhere(idField, value, attributePath) ?? { kind: 'and', filters: [] };
      return { kind: 'nested', attribute: key, filter };
    }
    const keys = Object.keys(value);
    const operatorKeys = keys.filter((item) => isOperator(item));
    if (operatorKeys.length && operatorKeys.length !== keys.length) {
      throw new ValidationError(
        `Operator and non-operator keys cannot be mixed in a relation where clause (${attributePath})`,
        { key, path: attributePath, source: 'query', param: 'filters' },
      );
    }
    const inner = operatorKeys.length
      ? normalizeFieldWhere(idField, value, attributePath)
      : walkFilters(ctx, target, value, attributePath);
    // every condition under it dropped: Strapi matches every row, those linking nothing too
    // (recorded: fuzz.operator.object.relation)
    return inner && { kind: 'nested', attribute: key, filter: inner };
  }
  return normalizeFieldWhere({ name: key, type: attribute.type }, value, attributePath);
}
