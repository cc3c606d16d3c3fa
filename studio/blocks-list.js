// Nested lists in Strapi's blocks format, as plain data. A nested list is a `list` node among the
// list items of its parent, one `indentLevel` deeper: Tab wraps an item in one (or moves it into
// the nested list just before it), Shift+Tab lifts it out, as Strapi's editor does
// (content-manager BlocksInput/Blocks/List: handleTabOnList, handleShiftTabOnList).

/**
 * Tab on item `index` of `list`: the item joins the nested list just before it, or is wrapped in a
 * new one a level deeper. Undefined when it cannot be indented (the first item, or not an item).
 *
 * @example
 * indentItem({ type: 'list', format: 'unordered', children: [a, b] }, 1)
 * // { type: 'list', format: 'unordered', children: [a, { type: 'list', format: 'unordered', indentLevel: 1, children: [b] }] }
 */
export function indentItem(list, index) {
  const item = list.children[index];
  const previous = list.children[index - 1];
  if (index < 1 || item?.type !== 'list-item') return undefined;
  const rest = list.children.filter((_, at) => at !== index);
  if (previous.type === 'list') {
    return { ...list, children: rest.map((node, at) => (at === index - 1 ? { ...node, children: [...node.children, item] } : node)) };
  }
  const wrapped = { type: 'list', format: list.format, indentLevel: (list.indentLevel ?? 0) + 1, children: [item] };
  return { ...list, children: list.children.map((node, at) => (at === index ? wrapped : node)) };
}

/**
 * Item `index` lifted out of `list`: the nodes that take the list's place, the part of the list
 * before it, the item, the part after it (the list split in two, as Slate's liftNodes does; an
 * empty part is left out).
 */
function liftItem(list, index) {
  const part = (children) => (children.length ? [{ ...list, children }] : []);
  return [...part(list.children.slice(0, index)), list.children[index], ...part(list.children.slice(index + 1))];
}

/** Shift+Tab on item `index` of the nested list at `at` in `parent`: the item becomes the parent's own, between the nested list's parts. */
export function outdentItem(parent, at, index) {
  const nested = parent.children[at];
  if (nested?.type !== 'list' || nested.children[index]?.type !== 'list-item') return undefined;
  return { ...parent, children: [...parent.children.slice(0, at), ...liftItem(nested, index), ...parent.children.slice(at + 1)] };
}

/**
 * Shift+Tab on item `index` of a top-level list: the blocks that take the list's place, the item
 * a paragraph between the list's parts (Strapi's editor sets the lifted item's type).
 */
export function unlistItem(list, index) {
  if (list.children[index]?.type !== 'list-item') return undefined;
  return liftItem(list, index).map((node) => (node === list.children[index] ? { ...node, type: 'paragraph' } : node));
}

/**
 * Enter on an empty item `index` of a nested list (at `at` in `parent`): the list is left, the item
 * placed after it in the parent (Strapi's handleEnterKeyOnList); the nested list goes when emptied.
 */
export function leaveNested(parent, at, index) {
  const nested = parent.children[at];
  const item = nested.children[index];
  const rest = nested.children.filter((_, position) => position !== index);
  return { ...parent, children: [
    ...parent.children.slice(0, at), ...(rest.length ? [{ ...nested, children: rest }] : []), item, ...parent.children.slice(at + 1)
  ] };
}

/** Enter on an empty item `index` of a top-level list: the item dropped, an empty paragraph after the list (the list goes when emptied). */
export function leaveList(list, index) {
  const rest = list.children.filter((_, position) => position !== index);
  return [...(rest.length ? [{ ...list, children: rest }] : []), { type: 'paragraph', children: list.children[index].children }];
}

/** Whether an item holds no text (Enter on it leaves the list). */
export const isEmptyItem = (item) => item?.type === 'list-item' && item.children.every((node) => node.type === 'text' && node.text === '');
