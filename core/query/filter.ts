import { getAttribute, UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { Filter, FieldRef } from './ast.js';
import { storedText, toComparable, type Comparable } from './cast.js';
import type { QueryContext } from './context.js';
import { childNodes, filtersEveryVersion, readField, relatedRows, rowNode, targetScope, type Node } from './nodes.js';
import { foldArgument, OPERATORS, type Cell, type Operator, type Truth } from './operators.js';

/**
 * A compiled filter: called once per node, with everything that does not depend on the node done
 * once. `position` is the node's place in the list being filtered, when columns of that list are
 * available (see `Columns`); nested filters pass -1 and read the node itself.
 */
export type Predicate = (node: Node | undefined, position: number) => Truth;

/** One field of a whole list, laid out as arrays: scanning them is far cheaper than chasing nodes. */
export interface Column {
  values: (Comparable | null)[];
  texts: (string | null)[];
  lower?: (string | null)[];
}

/** Columns of the list a root filter runs over, built on first use and kept with the list. */
export interface Columns {
  /** Comparable values and texts of a scalar field. */
  cells(field: FieldRef): Column;
  /** Relation or media documentIds of an attribute, interned as numbers (see `References`). */
  references(name: string): References;
  /** The nodes of the list, in order. */
  nodes: Node[];
  /** The list's model. */
  model: Model;
  /** Verdicts of one comparison over the whole list (0 false, 1 true, 2 unknown), kept with the list. */
  verdicts(key: string, compute: () => Uint8Array): Uint8Array;
  /** The locale every node of the list has (undefined when the list mixes locales, `locale=*`). */
  locale: string | null | undefined;
}

/**
 * Related documentIds of every node of a list, interned: node `i` points at
 * `names[targets[offsets[i]]] … names[targets[offsets[i + 1] - 1]]`. Scanning two typed arrays
 * touches no strings and no objects.
 */
export interface References {
  offsets: Int32Array;
  targets: Int32Array;
  names: string[];
}

export function buildReferences(nodes: Node[], name: string): References {
  const offsets = new Int32Array(nodes.length + 1);
  const targets: number[] = [];
  const ordinals = new Map<string, number>();
  const names: string[] = [];
  for (let i = 0; i < nodes.length; i++) {
    offsets[i] = targets.length;
    const value = nodes[i].data[name];
    for (const documentId of value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      let ordinal = ordinals.get(documentId as string);
      if (ordinal === undefined) {
        ordinals.set(documentId as string, (ordinal = names.length));
        names.push(documentId as string);
      }
      targets.push(ordinal);
    }
  }
  offsets[nodes.length] = targets.length;
  return { offsets, targets: Int32Array.from(targets), names };
}

/** Build the column of a field over a list of nodes. */
export function buildColumn(nodes: Node[], field: FieldRef): Column {
  const values: (Comparable | null)[] = new Array(nodes.length);
  const texts: (string | null)[] = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const cell = cellOf(nodes[i], field);
    values[i] = cell.value;
    texts[i] = cell.text;
  }
  return { values, texts };
}

const NULL_CELL: Cell = { value: null, text: null };

/** The comparable cell of a field, computed once per node and field. */
function cellOf(node: Node | undefined, field: FieldRef): Cell {
  if (!node) return NULL_CELL;
  const cached = node.cells.get(field.name) as Cell | undefined;
  if (cached) return cached;
  const raw = readField(node, field.name);
  const cell: Cell = raw === null || raw === undefined
    ? NULL_CELL
    : { value: toComparable(raw, field.type), text: storedText(raw, field.type) };
  node.cells.set(field.name, cell);
  return cell;
}

const and = (a: Truth, b: Truth): Truth => (a === false || b === false ? false : a === null || b === null ? null : true);
const or = (a: Truth, b: Truth): Truth => (a === true || b === true ? true : a === null || b === null ? null : false);

/** Any-match over related items, LEFT JOIN style: with none, the inner filter sees NULLs. */
function anyOf(items: Node[], inner: Predicate): Truth {
  if (items.length === 0) return inner(undefined, -1);
  let truth: Truth = false;
  for (const item of items) {
    truth = or(truth, inner(item, -1));
    if (truth === true) break;
  }
  return truth;
}

/**
 * A filter through an owning relation or a media field: each related document is judged once per
 * query (memoised by locale and documentId), so a filter on `author.name` over 100k articles costs
 * one evaluation per author, not one per article.
 */
function compileReference(ctx: QueryContext, attribute: string, inner: Predicate): Predicate {
  const memo = new Map<string | null, Map<string, Truth | undefined>>();
  return (node) => {
    if (!node) return inner(undefined, -1);
    const definition = getAttribute(node.model, attribute);
    if (definition?.type === 'relation' && filtersEveryVersion(ctx, node, definition)) {
      return anyOf(relatedRows(ctx, node, attribute, definition, true).map((row) => rowNode(ctx, row)), inner);
    }
    if (!definition || (definition.type === 'relation' && definition.mappedBy) || !['relation', 'media'].includes(definition.type)) {
      return anyOf(childNodes(ctx, node, attribute), inner);
    }
    const value = node.data[attribute];
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return inner(undefined, -1);
    const targetUid = definition.type === 'media' ? UPLOAD_FILE_UID : definition.target!;
    const scope = targetScope(ctx, node, ctx.index.model(targetUid));
    let verdicts = memo.get(scope.locale);
    if (!verdicts) memo.set(scope.locale, (verdicts = new Map()));
    let truth: Truth = false;
    let found = false;
    for (const documentId of Array.isArray(value) ? value : [value]) {
      let verdict = verdicts.get(documentId as string);
      if (verdict === undefined && !verdicts.has(documentId as string)) {
        const row = ctx.index.findRow(targetUid, documentId as string, scope);
        verdict = row ? inner(rowNode(ctx, row), -1) : undefined;
        verdicts.set(documentId as string, verdict);
      }
      if (verdict === undefined) continue;
      found = true;
      truth = or(truth, verdict);
      if (truth === true) break;
    }
    return found ? truth : inner(undefined, -1);
  };
}

/**
 * The same through a list's column of stored documentIds, when every node of the list shares one
 * model and locale: per node, one array read and one map lookup per related document.
 */
function compileReferenceColumn(ctx: QueryContext, filter: Extract<Filter, { kind: 'nested' }>, inner: Predicate, columns: Columns): Predicate | undefined {
  const attribute = filter.attribute;
  const definition = getAttribute(columns.model, attribute);
  if (columns.locale === undefined || !definition || !['relation', 'media'].includes(definition.type) || definition.mappedBy) return undefined;
  // every version of a D&P target counts from a type without D&P: the general path handles it
  if (definition.type === 'relation' && !columns.model.draftAndPublish && ctx.index.models.get(definition.target!)?.draftAndPublish) return undefined;
  const targetUid = definition.type === 'media' ? UPLOAD_FILE_UID : definition.target!;
  const probe: Node = { model: columns.model, id: 0, row: undefined, data: Object.create(null), locale: columns.locale, seed: '', cells: new Map() };
  const scope = targetScope(ctx, probe, ctx.index.model(targetUid));
  const { offsets, targets, names } = columns.references(attribute);
  // Per related document: undefined = not judged yet, null = no such row in scope, else the verdict.
  const verdicts: (Truth | undefined)[] = new Array(names.length);
  const missing = new Uint8Array(names.length);
  const none = inner(undefined, -1);
  const verdictOf = (ordinal: number): Truth | undefined => {
    if (missing[ordinal]) return undefined;
    let verdict = verdicts[ordinal];
    if (verdict !== undefined) return verdict;
    const row = ctx.index.findRow(targetUid, names[ordinal], scope);
    if (!row) { missing[ordinal] = 1; return undefined; }
    verdicts[ordinal] = verdict = inner(rowNode(ctx, row), -1);
    return verdict;
  };
  const fallback = compileReference(ctx, attribute, inner);
  const judge = (position: number): Truth => {
    let truth: Truth = false;
    let found = false;
    for (let k = offsets[position]; k < offsets[position + 1]; k++) {
      const verdict = verdictOf(targets[k]);
      if (verdict === undefined) continue;
      found = true;
      truth = or(truth, verdict);
      if (truth === true) break;
    }
    return found ? truth : none;
  };
  const key = `ref|${JSON.stringify(filter, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item))}`;
  const all = columns.verdicts(key, () => {
    const out = new Uint8Array(offsets.length - 1);
    for (let i = 0; i < out.length; i++) { const truth = judge(i); out[i] = truth === null ? 2 : truth ? 1 : 0; }
    return out;
  });
  return (node, position) => {
    if (position < 0) return fallback(node, position);
    const verdict = all[position];
    return verdict === 2 ? null : verdict === 1;
  };
}

/**
 * Compile a filter tree into one predicate. Three-valued like SQL: comparisons with NULL are
 * unknown, and a filter through a relation matches when any related item matches.
 */
export function compileFilter(ctx: QueryContext, filter: Filter, columns?: Columns): Predicate {
  switch (filter.kind) {
    case 'and': {
      const parts = filter.filters.map((item) => compileFilter(ctx, item, columns));
      return (node, position) => {
        let truth: Truth = true;
        for (const part of parts) {
          truth = and(truth, part(node, position));
          if (truth === false) return false;
        }
        return truth;
      };
    }
    case 'or': {
      const parts = filter.filters.map((item) => compileFilter(ctx, item, columns));
      return (node, position) => {
        let truth: Truth = false;
        for (const part of parts) {
          truth = or(truth, part(node, position));
          if (truth === true) return true;
        }
        return truth;
      };
    }
    case 'not': {
      const inner = compileFilter(ctx, filter.filter, columns);
      return (node, position) => {
        const truth = inner(node, position);
        return truth === null ? null : !truth;
      };
    }
    case 'compare':
      return compileCompare(filter, columns);
    case 'nested': {
      const inner = compileFilter(ctx, filter.filter);
      return (columns && compileReferenceColumn(ctx, filter, inner, columns)) || compileReference(ctx, filter.attribute, inner);
    }
  }
}

/** Number-to-number comparisons of the cast operators, for the columnar fast path. */
const NUMERIC_COMPARISONS: Partial<Record<string, (slot: number, bound: number) => boolean>> = {
  $eq: (slot, bound) => slot === bound,
  $ne: (slot, bound) => slot !== bound,
  $gt: (slot, bound) => slot > bound,
  $gte: (slot, bound) => slot >= bound,
  $lt: (slot, bound) => slot < bound,
  $lte: (slot, bound) => slot <= bound,
};

function compileCompare(filter: Extract<Filter, { kind: 'compare' }>, columns: Columns | undefined): Predicate {
  const spec = OPERATORS[filter.operator];
  const { field } = filter;
  const value = foldArgument(filter.operator, filter.value);
  const test = Array.isArray(value) && !('list' in spec && spec.list)
    ? (cell: Cell) => {
      let truth: Truth = false;
      for (const item of value) truth = or(truth, spec.test(cell, item));
      return truth;
    }
    : (cell: Cell) => spec.test(cell, value);
  if (!columns) return (node) => test(cellOf(node, field));
  // Over a list: judge every node once for this comparison and keep the verdicts with the list,
  // so the same condition in the next query (another page, another sort) costs one array read.
  const key = `${field.name}|${filter.operator}|${JSON.stringify(filter.value, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item))}`;
  const verdicts = columns.verdicts(key, () => judgeColumn(columns, field, filter.operator, value, test));
  return (node, position) => {
    if (position < 0) return test(cellOf(node, field));
    const verdict = verdicts[position];
    return verdict === 2 ? null : verdict === 1;
  };
}

/** One comparison over a whole list's column: a numeric fast path, else a reused scratch cell. */
function judgeColumn(columns: Columns, field: FieldRef, operator: Operator, value: unknown, test: (cell: Cell) => Truth): Uint8Array {
  const column = columns.cells(field);
  const verdicts = new Uint8Array(column.values.length);
  const numeric = typeof value === 'number' ? NUMERIC_COMPARISONS[operator] : undefined;
  if (OPERATORS[operator].argument === 'text') column.lower ??= column.texts.map((text) => (text === null ? null : text.toLowerCase()));
  const scratch: Cell = { value: null, text: null, lower: undefined };
  for (let i = 0; i < verdicts.length; i++) {
    const slot = column.values[i];
    if (numeric && typeof slot === 'number') { verdicts[i] = numeric(slot, value as number) ? 1 : 0; continue; }
    scratch.value = slot;
    scratch.text = column.texts[i];
    scratch.lower = column.lower?.[i] ?? undefined;
    const truth = test(scratch);
    verdicts[i] = truth === null ? 2 : truth ? 1 : 0;
  }
  return verdicts;
}

/** The compiled predicate of a filter, compiled once per query context. */
export function predicateFor(ctx: QueryContext, filter: Filter): Predicate {
  const compiled = (ctx.compiled ??= new WeakMap());
  let predicate = compiled.get(filter) as Predicate | undefined;
  if (!predicate) compiled.set(filter, (predicate = compileFilter(ctx, filter)));
  return predicate;
}

/** Does a node match a filter (none: yes)? */
export const matchesFilter = (ctx: QueryContext, filter: Filter | undefined, node: Node): boolean =>
  !filter || predicateFor(ctx, filter)(node, -1) === true;
