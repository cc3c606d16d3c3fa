// A form meets a version saved elsewhere: the server merges them (the core's 3-way merge, the one
// `git merge` uses: blocks block by block, dynamic zones entry by entry), and this module turns the
// answer back into form values, and an editor's choices at each conflict into a value.

const isRecord = (value) => !!value && typeof value === 'object' && !Array.isArray(value);
/** Equal as data (key order aside): the server's merged records need not keep the form's key order. */
export function same(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, at) => same(item, b[at]));
  if (!isRecord(a) || !isRecord(b)) return (a ?? null) === (b ?? null);
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => same(a[key], b[key]));
}

/** How many fields two entries share: the entry of one side a merged entry came from is the one most like it. */
const likeness = (a, b) => (isRecord(a) && isRecord(b) && a.__component === b.__component
  ? Object.keys(a).filter((key) => same(a[key], b[key])).length + 1
  : 0);
const closest = (side, item) => {
  const list = Array.isArray(side.body) ? side.body : [];
  let best = -1;
  list.forEach((candidate, at) => { if (best < 0 || likeness(candidate, item) > likeness(list[best], item)) best = at; });
  if (best < 0 || likeness(list[best], item) === 0) return { body: undefined, form: undefined };
  return { body: list[best], form: side.form?.[best] };
};
export const fieldOf = (side, key) => ({
  body: isRecord(side.body) ? side.body[key] : undefined, form: isRecord(side.form) ? side.form[key] : undefined,
});

/**
 * The form value for a merged body value, from the two sides it was made of (`{ body, form }`
 * each): a part equal to one side's part takes that side's form value (a relation keeps its
 * label, an entry its key), so nothing is read back from the body.
 */
export function formFor(body, mine, theirs) {
  if (same(body, mine.body) && mine.form !== undefined) return mine.form;
  if (same(body, theirs.body) && theirs.form !== undefined) return theirs.form;
  if (Array.isArray(body)) {
    const used = [new Set(), new Set()];
    return body.map((item) => {
      for (const [which, side] of [mine, theirs].entries()) {
        const list = Array.isArray(side.body) ? side.body : [];
        const at = list.findIndex((candidate, index) => !used[which].has(index) && same(candidate, item));
        if (at >= 0 && side.form?.[at] !== undefined) { used[which].add(at); return side.form[at]; }
      }
      return formFor(item, closest(mine, item), closest(theirs, item));
    });
  }
  if (isRecord(body)) {
    const start = isRecord(mine.form) ? mine.form : isRecord(theirs.form) ? theirs.form : {};
    const fields = Object.keys(body).map((key) => [key, formFor(body[key], fieldOf(mine, key), fieldOf(theirs, key))]);
    return { ...start, ...Object.fromEntries(fields) };
  }
  return body;
}

const pathKey = (path) => JSON.stringify(path);
/**
 * A merged value with each conflict settled: `pick(index)` says 'mine' or 'theirs' for
 * `conflicts[index]`; a conflict in a list (a span) is replaced by the run of items that side holds.
 */
export function settle(value, conflicts, pick) {
  const at = new Map(conflicts.map((conflict, index) => [pathKey(conflict.path), index]));
  const chosen = (index) => conflicts[index][pick(index)];
  const walk = (node, path) => {
    if (at.has(pathKey(path))) return chosen(at.get(pathKey(path)));
    if (Array.isArray(node)) {
      return node.flatMap((item, index) => {
        const spot = at.get(pathKey([...path, index]));
        return spot !== undefined && conflicts[spot].span ? chosen(spot) ?? [] : [walk(item, [...path, index])];
      });
    }
    if (!isRecord(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, [...path, key])]));
  };
  return walk(value, []);
}
