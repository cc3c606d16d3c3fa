import { isScalar, isVisible, type Model } from '../schema/types.js';
import type { Data } from '../types.js';
import type { Query } from './ast.js';
import type { QueryContext } from './context.js';
import { matchesFilter } from './filter.js';
import { readField, rowNode, type Node } from './nodes.js';
import { paginationMeta } from './pagination.js';
import { checkPopulateBudget } from './populate-limits.js';
import { inPublicationCohort } from './publication.js';
import { renderNode } from './render.js';
import { conjunctionPage } from './conjunction-page.js';
import { matchingPositions, widePage } from './kept-positions.js';
import { branchNodes, branchPage } from './branch-list.js';
import { filteredList, listPredicate, sortedList } from './sorted-list.js';

const SEARCHABLE = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
const NUMERIC = ['integer', 'biginteger', 'float', 'decimal'];

/**
 * `_q`: Strapi's search (`database/src/query/helpers/search.ts`, SQLite): `LIKE %term%` over `id` (here
 * the whole id, see below) and the text attributes, and over the numeric ones too when the term is a
 * number — a substring match on their text, so `_q=12` finds `120`. The `documentId` and `locale` columns are searched too.
 * Project choice (Strapi searches them): `private` and `password` attributes are never searched, nor one marked
 * `searchable: false`; otherwise anyone who may `find` a type learns a private value substring by substring.
 */
function matchesSearch(node: Node, model: Model, term: string): boolean {
  const needle = term.toLowerCase();
  const numeric = term.trim() !== '' && !Number.isNaN(Number(term));
  // Strapi's ids are a short sequence, ours 16-digit merge-safe numbers (Project choices: numeric `id`
  // allocation): a substring of one would match at random, so the id matches only as a whole
  // (a replay of `_q=10` on tags once matched a hash id holding "10", where Strapi's ids 1–4 did not)
  if (numeric && String(node.id) === term.trim()) return true;
  for (const column of ['documentId', 'locale']) {
    const value = readField(node, column);
    if (typeof value === 'string' && value.toLowerCase().includes(needle)) return true;
  }
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isScalar(attribute) || !isVisible(attribute) || (attribute as { searchable?: boolean }).searchable === false) continue;
    const searchable = SEARCHABLE.includes(attribute.type) || (numeric && NUMERIC.includes(attribute.type));
    if (!searchable) continue;
    const value = readField(node, name);
    if (value !== null && value !== undefined && String(value).toLowerCase().includes(needle)) return true;
  }
  return false;
}


/** Rows a query selects, filtered and sorted (before pagination). */
export function selectNodes(ctx: QueryContext, query: Query): Node[] {
  let nodes = branchNodes(ctx, query) ?? filteredNodes(ctx, query);
  if (query.search !== undefined) nodes = nodes.filter((node) => matchesSearch(node, query.model, query.search!));
  const { publication } = query;
  if (publication) nodes = nodes.filter((node) => inPublicationCohort(ctx.index, query.model, node.row!, publication));
  return nodes;
}

/** The nodes of a query's list its filter selects. */
function filteredNodes(ctx: QueryContext, query: Query): Node[] {
  const list = sortedList(ctx, query);
  if (!query.filters) return list.nodes.toArray();
  const predicate = listPredicate(ctx, query, list, query.filters);
  const nodes: Node[] = [];
  for (let i = 0; i < list.nodes.length; i++) {
    const node = list.nodes.at(i)!;
    if (predicate(node, i) === true) nodes.push(node);
  }
  return nodes;
}

export interface FindResult {
  data: Data[];
  pagination: Record<string, number>;
  total: number;
}

/** Render nodes for a query, once the populate they ask for is known to fit the response budget. */
function renderAll(ctx: QueryContext, query: Query, nodes: Node[]): Data[] {
  checkPopulateBudget(ctx, nodes, query.populate, ctx.index.config.api.rest.maxPopulatedEntries);
  const data = nodes.map((node) => renderNode(ctx, node, query.fields, query.populate));
  const localizations = query.populate?.get('localizations');
  if (query.locale !== '*' || !query.model.localized || !localizations) return data;
  // Under `locale=*` Strapi 5.54 answers every listed entry's own `localizations` empty (entries reached through a
  // relation keep theirs), as LaunchPad's route middlewares showed (recorded: launchpad deep.faqs.locale.all.*).
  return data.map((entry) => ({ ...entry, localizations: [] }));
}

/** A list read: filter → sort → paginate → populate/select. */
export function executeFind(ctx: QueryContext, query: Query): FindResult {
  const { start, limit } = query.pagination;
  const { page, total } = selectPage(ctx, query, start, limit);
  const data = renderAll(ctx, query, page);
  return { data, pagination: paginationMeta(query.pagination, total), total };
}

/**
 * One page of what a query selects, and how many it selects: without a search or publication
 * filter, from the list and the positions its filter selects, so no array of every match is built.
 */
function selectPage(ctx: QueryContext, query: Query, start: number, limit: number): { page: Node[]; total: number } {
  if (query.search !== undefined || query.publication) {
    const nodes = selectNodes(ctx, query);
    return { page: nodes.slice(start, start + limit), total: nodes.length };
  }
  const branched = branchPage(ctx, query, start, limit);
  if (branched) return branched;
  const list = sortedList(ctx, query);
  if (!query.filters) return { page: list.nodes.slice(start, start + limit), total: list.nodes.length };
  const filtered = filteredList(ctx, query, list);
  const wide = widePage(filtered, query.filters, start, limit) ?? conjunctionPage(filtered, query.filters, start, limit);
  if (wide) return { page: wide.positions.map((at) => list.nodes.at(at)!), total: wide.total };
  const positions = matchingPositions(filtered, query.filters);
  const page: Node[] = [];
  const end = Math.min(positions.length, start + limit);
  for (let at = start; at < end; at++) page.push(list.nodes.at(positions[at])!);
  return { page, total: positions.length };
}

/** One document in the query's status and locale, or undefined (Strapi: 404). */
export function executeFindOne(ctx: QueryContext, query: Query, documentId: string): Data | undefined {
  if (query.locale === '*') return undefined;
  const row = ctx.index.findRow(query.model.uid, documentId, { status: query.status, locale: query.locale });
  if (!row) return undefined;
  const node = rowNode(ctx, row);
  if (!matchesFilter(ctx, query.filters, node)) return undefined;
  // Strapi's findOne searches too: a `_q` the document does not match is a 404 (recorded: fuzz.search.one)
  if (query.search !== undefined && !matchesSearch(node, query.model, query.search)) return undefined;
  if (query.publication && !inPublicationCohort(ctx.index, query.model, row, query.publication)) return undefined;
  return renderAll(ctx, query, [node])[0];
}

/** The first document a list query would return, or undefined. */
export function executeFindFirst(ctx: QueryContext, query: Query): Data | undefined {
  const [node] = selectNodes(ctx, query);
  return node ? renderAll(ctx, query, [node])[0] : undefined;
}

export function executeCount(ctx: QueryContext, query: Query): number {
  return selectNodes(ctx, query).length;
}
