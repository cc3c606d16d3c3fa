import { getAttribute, UPLOAD_FILE_UID } from '../schema/types.js';
import type { Filter } from './ast.js';
import type { Columns } from './columns.js';
import type { QueryContext } from './context.js';
import { childNodes, filtersEveryVersion, relatedRows, rowNode, targetScope, type Node } from './nodes.js';
import type { Truth } from './operators.js';
import { or, type Predicate } from './predicate.js';

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
export function compileReference(ctx: QueryContext, attribute: string, inner: Predicate): Predicate {
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
export function compileReferenceColumn(
  ctx: QueryContext, filter: Extract<Filter, { kind: 'nested' }>, inner: Predicate, columns: Columns,
): Predicate | undefined {
  const attribute = filter.attribute;
  const definition = getAttribute(columns.model, attribute);
  if (columns.locale === undefined || !definition || !['relation', 'media'].includes(definition.type) || definition.mappedBy) {
    return undefined;
  }
  // every version of a D&P target counts from a type without D&P: the general path handles it
  if (definition.type === 'relation' && !columns.model.draftAndPublish && ctx.index.models.get(definition.target!)?.draftAndPublish) {
    return undefined;
  }
  const targetUid = definition.type === 'media' ? UPLOAD_FILE_UID : definition.target!;
  const probe: Node = {
    model: columns.model, id: 0, row: undefined, data: Object.create(null), locale: columns.locale, seed: '', cells: new Map(),
  };
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
  }, (node) => fallback(node, -1));
  if (!all) return (node, position) => (position < 0 ? fallback(node, position) : judge(position));
  return (node, position) => {
    if (position < 0) return fallback(node, position);
    const verdict = all[position];
    return verdict === 2 ? null : verdict === 1;
  };
}
