import {
  getArgumentValues, Kind, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo, type SelectionSetNode,
} from 'graphql';
import type { Attribute, Model } from '../schema/types.js';
import { isMorph } from '../schema/types.js';
import { OPERATORS } from './internal-types.js';
import { objectType } from './object-types.js';
import { componentName } from './names.js';
import type { TypeRegistry } from './type-registry.js';
import { GraphqlRequestError } from './errors.js';

/**
 * GraphQL arguments and selections → the Strapi query object the REST routes parse (`filters`, `sort`, `populate`):
 * the one translation, so filtering, sorting, populating, access and sanitising all happen in core/query.
 */

const ROOT_OPERATORS: Record<string, string> = { and: '$and', or: '$or', not: '$not' };

/**
 * The list operators: an empty list is no condition for Strapi's engine, and a `DateTime` list always arrives empty, its
 * Date items cleaned away as empty objects by Strapi's filter traversal (recorded: f.at.between…; one Date is kept).
 */
const LISTS = new Set(['in', 'notIn', 'between']);
const DATE_TIMES = new Set(['datetime', 'timestamp']);

const isEmptyObject = (value: unknown) => !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * Operators inside a scalar's filter, recursively (`{ eq: 1 }` → `{ $eq: 1 }`, `{ not: { in: […] } }` too), cleaned as
 * Strapi's convertAndSanitizeFilters cleans them, since the plugin does not validate: a key that is no operator (a JSON
 * literal's own, `eq: { a: 1 }`) is dropped, and so is what that leaves empty; an empty list filters nothing
 * (recorded: f.name.in., sc.json.literal.object).
 */
function scalarOperators(value: unknown, dateTime = false): unknown {
  if (Array.isArray(value)) return value.map((item) => scalarOperators(item, dateTime));
  if (!value || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!OPERATORS[key] || (LISTS.has(key) && Array.isArray(inner) && (inner.length === 0 || dateTime))) continue;
    const converted = scalarOperators(inner, dateTime);
    if (!isEmptyObject(converted)) result[OPERATORS[key]] = converted;
  }
  return result;
}

/** A `<Type>FiltersInput` value as Strapi filters (services/utils/mappers/graphql-filters-to-strapi-query.ts). */
export function toStrapiFilters(registry: TypeRegistry, model: Model, filters: unknown): unknown {
  if (filters === null || filters === undefined) return {};
  if (Array.isArray(filters)) return filters.map((item) => toStrapiFilters(registry, model, item));
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    const attribute = attributeOf(model, key);
    if (key === 'id' || key === 'documentId' || (attribute && !isNested(attribute))) {
      const converted = scalarOperators(value, !!attribute && DATE_TIMES.has(attribute.type));
      if (!isEmptyObject(converted)) result[key] = converted;
    }
    else if (attribute) {
      const target = registry.model(attribute.type === 'component' ? attribute.component : attribute.target ?? 'plugin::upload.file');
      const inner = target ? toStrapiFilters(registry, target, value) : undefined;
      if (inner !== undefined && !isEmptyObject(inner)) result[key] = inner;
    } else if (ROOT_OPERATORS[key]) result[ROOT_OPERATORS[key]] = toStrapiFilters(registry, model, value);
  }
  return result;
}

const SYSTEM: Record<string, Attribute> = {
  createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' }, publishedAt: { type: 'datetime' }, locale: { type: 'string' },
};
function attributeOf(model: Model, name: string): Attribute | undefined {
  if (Object.hasOwn(model.attributes, name)) return model.attributes[name];
  if (name === 'localizations' && model.localized) return { type: 'relation', relation: 'oneToMany', target: model.uid };
  return model.modelType === 'contentType' ? SYSTEM[name] : undefined;
}
const isNested = (attribute: Attribute) => ['relation', 'media', 'component'].includes(attribute.type);

/** A `sort` argument as sent: `["title:asc", "views"]` (Strapi parses it as the REST `sort` list). */
export const toStrapiSort = (sort: unknown): unknown => (Array.isArray(sort) && sort.length > 0 ? sort : undefined);

/**
 * The fields a selection asks of one object type, fragments flattened, in order (aliases of one field together).
 * Each named fragment is spread once per selection set, as graphql-js's collectFields does: a fragment spreading
 * another twice, down a chain, would otherwise expand exponentially.
 */
function collect(
  info: GraphQLResolveInfo, type: GraphQLObjectType, selections: SelectionSetNode | undefined,
  into = new Map<string, FieldNode[]>(), visited = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const selection of selections?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      const list = into.get(selection.name.value) ?? [];
      list.push(selection);
      into.set(selection.name.value, list);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition?.name.value;
      if (!on || on === type.name) collect(info, type, selection.selectionSet, into, visited);
    } else if (!visited.has(selection.name.value)) {
      visited.add(selection.name.value);
      const fragment = info.fragments[selection.name.value];
      if (fragment && fragment.typeCondition.name.value === type.name) collect(info, type, fragment.selectionSet, into, visited);
    }
  }
  return into;
}

/** The sub-selections of every node asking a field (`nodes { … }` of a `_connection`). */
export function merged(nodes: readonly FieldNode[], inner?: string): SelectionSetNode {
  const selections = nodes.flatMap((node) => node.selectionSet?.selections ?? []);
  if (!inner) return { kind: Kind.SELECTION_SET, selections };
  const innerNodes = selections.filter((selection): selection is FieldNode =>
    selection.kind === Kind.FIELD && selection.name.value === inner);
  return merged(innerNodes);
}

/**
 * The REST `populate` a selection needs on `model`: each relation, media, component and zone it reaches, a relation's
 * `filters` and `sort` arguments as that relation's populate options, down the whole selection.
 */
export function populateFor(
  registry: TypeRegistry, model: Model, selection: SelectionSetNode, info: GraphQLResolveInfo,
): Record<string, unknown> {
  const type = objectType(registry, model);
  const fields = type.getFields();
  // `tags`, its aliases and `tags_connection` all read the one populate of `tags`
  const groups = new Map<string, { attribute: Attribute; nodes: { name: string; node: FieldNode }[]; subs: SelectionSetNode[] }>();
  for (const [name, nodes] of collect(info, type, selection)) {
    const connection = name.endsWith('_connection');
    const attributeName = connection ? name.slice(0, -'_connection'.length) : name;
    const attribute = attributeOf(model, attributeName);
    if (!attribute || !fields[name] || !['relation', 'media', 'component', 'dynamiczone'].includes(attribute.type)) continue;
    const group = groups.get(attributeName) ?? { attribute, nodes: [], subs: [] };
    group.nodes.push(...nodes.map((node) => ({ name, node })));
    group.subs.push(merged(nodes, connection ? 'nodes' : undefined));
    groups.set(attributeName, group);
  }
  const populate: Record<string, unknown> = {};
  for (const [attributeName, { attribute, nodes, subs }] of groups) {
    const sub: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: subs.flatMap((one) => one.selections) };
    if (attribute.type === 'dynamiczone') {
      populate[attributeName] = { on: zoneFragments(registry, attribute, sub, info) };
      continue;
    }
    if (isMorph(attribute) && !attribute.target) {
      populate[attributeName] = true;
      continue;
    }
    const target = registry.model(attribute.type === 'component' ? attribute.component : attribute.target ?? 'plugin::upload.file');
    if (!target) continue;
    const entry: Record<string, unknown> = {};
    const args = sameArguments(attributeName, nodes.map(({ name, node }) => getArgumentValues(fields[name], node, info.variableValues)));
    if (args.filters && Object.keys(args.filters).length > 0) entry.filters = toStrapiFilters(registry, target, args.filters);
    const sort = toStrapiSort(args.sort);
    if (sort) entry.sort = sort;
    const nested = populateFor(registry, target, sub, info);
    if (Object.keys(nested).length > 0) entry.populate = nested;
    populate[attributeName] = Object.keys(entry).length > 0 ? entry : true;
  }
  return populate;
}

/**
 * The `filters` and `sort` every selection of one relation shares: a query reads one REST populate per relation, so
 * two selections (aliases, or the list beside its `_connection`) asking different ones are refused, never answered
 * with one's rows for the other. Their `pagination` may differ: each cuts its own window from the list.
 */
function sameArguments(attributeName: string, all: Record<string, unknown>[]): Record<string, unknown> {
  const key = (args: Record<string, unknown>) => JSON.stringify([args.filters ?? {}, toStrapiSort(args.sort) ?? []]);
  if (all.some((args) => key(args) !== key(all[0]))) {
    throw new GraphqlRequestError(`The selections of "${attributeName}" ask different filters or sort; `
      + 'one query reads a relation once, so its selections must share them (their pagination may differ).', 400, 'BAD_USER_INPUT');
  }
  return all[0];
}

/** A zone's `on` fragments: every component it allows, each with what the query's `... on Component` asks of it. */
function zoneFragments(registry: TypeRegistry, attribute: Attribute, selection: SelectionSetNode, info: GraphQLResolveInfo) {
  const on: Record<string, unknown> = {};
  for (const uid of attribute.components ?? []) {
    const component = registry.model(uid);
    if (!component) continue;
    const name = componentName(component);
    const spread = new Set<string>();
    const selections = selection.selections.flatMap((item) => {
      if (item.kind === Kind.INLINE_FRAGMENT && item.typeCondition?.name.value === name) return item.selectionSet.selections;
      if (item.kind === Kind.FRAGMENT_SPREAD && !spread.has(item.name.value)
        && info.fragments[item.name.value]?.typeCondition.name.value === name) {
        spread.add(item.name.value);
        return info.fragments[item.name.value].selectionSet.selections;
      }
      return [];
    });
    const nested = populateFor(registry, component, { kind: Kind.SELECTION_SET, selections }, info);
    on[uid] = Object.keys(nested).length > 0 ? { populate: nested } : true;
  }
  return on;
}
