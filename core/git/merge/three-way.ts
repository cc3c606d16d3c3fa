import { sameData } from '../../storage/serialize.js';
import { Conflict } from './conflict.js';
import { alignBudget, mergeSequence, type AlignBudget } from './merge-sequence.js';

export { Conflict } from './conflict.js';

/**
 * How a value merges: `atom` as a whole (scalars, json), `record` field by field, `set` as an
 * ordered set (relation and media lists), `list` item by item (components by id, else aligned as
 * lines are: dynamic zones and blocks).
 */
export type Shape =
  | { kind: 'atom' }
  | { kind: 'record'; field: (key: string) => Shape }
  | { kind: 'set' }
  | { kind: 'list'; item: (item: unknown) => Shape };

export const ATOM: Shape = { kind: 'atom' };
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A shape read off the value itself, for fields no schema describes. */
export function inferShape(value: unknown): Shape {
  if (Array.isArray(value)) return value.every((item) => !isRecord(item)) ? { kind: 'set' } : { kind: 'list', item: inferShape };
  return isRecord(value) ? { kind: 'record', field: () => ATOM } : ATOM;
}

/**
 * The 3-way merge of one value. A side that kept the base yields to the other; where both
 * changed it differently, records merge per key, sets per member, lists per item, and what is
 * left is a `Conflict` at that very spot (see `pickSide`).
 *
 * @example
 * mergeValues({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 3 }, { kind: 'record', field: () => ATOM }) // → { a: 2, b: 3 }
 */
export function mergeValues(base: unknown, ours: unknown, theirs: unknown, shape: Shape, budget: AlignBudget = alignBudget()): unknown {
  if (sameData(ours, theirs)) return ours;
  if (sameData(base, ours)) return theirs;
  if (sameData(base, theirs)) return ours;
  if (shape.kind === 'record' && isRecord(ours) && isRecord(theirs)) {
    return mergeRecords(isRecord(base) ? base : {}, ours, theirs, shape.field, budget);
  }
  if (shape.kind === 'set' && Array.isArray(ours) && Array.isArray(theirs)) return mergeSets(Array.isArray(base) ? base : [], ours, theirs);
  if (shape.kind === 'list' && Array.isArray(ours) && Array.isArray(theirs)) {
    return mergeLists(Array.isArray(base) ? base : [], ours, theirs, shape.item, budget);
  }
  return new Conflict(ours, theirs);
}

function mergeRecords(
  base: Record<string, unknown>, ours: Record<string, unknown>, theirs: Record<string, unknown>, field: (key: string) => Shape,
  budget: AlignBudget,
) {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    const value = mergeValues(base[key], ours[key], theirs[key], field(key), budget);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

const memberKey = (item: unknown) => JSON.stringify(item);

/** Ordered sets: members either side removed go, members theirs added join after their predecessor in theirs. */
function mergeSets(base: unknown[], ours: unknown[], theirs: unknown[]): unknown[] {
  const inBase = new Set(base.map(memberKey));
  const inTheirs = new Set(theirs.map(memberKey));
  const out = ours.filter((item) => !inBase.has(memberKey(item)) || inTheirs.has(memberKey(item)));
  const present = new Set(out.map(memberKey));
  theirs.forEach((item, at) => {
    const key = memberKey(item);
    if (present.has(key) || inBase.has(key)) return;
    const before = theirs.slice(0, at).reverse().find((candidate) => present.has(memberKey(candidate)));
    out.splice(before === undefined ? 0 : out.findIndex((candidate) => memberKey(candidate) === memberKey(before)) + 1, 0, item);
    present.add(key);
  });
  return out;
}

const itemId = (item: unknown) => (isRecord(item) && (typeof item.id === 'number' || typeof item.id === 'string')
  ? String(item.id)
  : undefined);

/**
 * Component lists and blocks: matched by `id` when every item has one, else aligned as a line diff
 * aligns lines (see `mergeSequence`), so edits of different items (blocks, entries) both stay. A
 * dynamic-zone item whose component changed is merged whole.
 */
function mergeLists(base: unknown[], ours: unknown[], theirs: unknown[], item: (value: unknown) => Shape, budget: AlignBudget): unknown {
  const itemShape = (...versions: unknown[]): Shape => {
    const components = new Set(versions.filter(isRecord).map((version) => version.__component));
    return components.size > 1 ? ATOM : item(versions.find((version) => version !== undefined));
  };
  const mergeItem = (b: unknown, o: unknown, t: unknown) => mergeValues(b, o, t, itemShape(b, o, t), budget);
  if ([...base, ...ours, ...theirs].every((value) => itemId(value) !== undefined)) {
    const byId = (list: unknown[]) => new Map(list.map((value) => [itemId(value)!, value]));
    const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
    const order = mergeSets([...b.keys()], [...o.keys()], [...t.keys()]) as string[];
    return order.map((id) => mergeItem(b.get(id), o.get(id), t.get(id))).filter((value) => value !== undefined);
  }
  return mergeSequence(base, ours, theirs, mergeItem, budget);
}

/** Whether a merged value still holds a conflict anywhere. */
export function hasConflict(value: unknown): boolean {
  if (value instanceof Conflict) return true;
  if (Array.isArray(value)) return value.some(hasConflict);
  return isRecord(value) && Object.values(value).some(hasConflict);
}

/** A merged value with every conflict resolved to one side: what that side's conflict block shows. */
export function pickSide(value: unknown, side: 'ours' | 'theirs'): unknown {
  if (value instanceof Conflict) return value[side];
  if (Array.isArray(value)) {
    return value.flatMap((item) => (item instanceof Conflict && item.span ? item[side] as unknown[] : [pickSide(item, side)]))
      .filter((item) => item !== undefined);
  }
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const picked = pickSide(item, side);
    if (picked !== undefined) out[key] = picked;
  }
  return out;
}
