// Strapi's blocks format, as plain data: which nodes the editor understands, and the edits it makes
// on a block's inline content (text leaves with marks, optionally inside a link). Anything the
// editor does not understand is never rewritten: the block that holds it is kept as it is.

const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'];
const TEXT_KEYS = new Set(['type', 'text', ...MARKS]);
const LINK_KEYS = new Set(['type', 'url', 'children']);
const onlyKeys = (node, keys) => Object.keys(node).every((key) => keys.has(key));

const isText = (node) => node?.type === 'text' && typeof node.text === 'string' && onlyKeys(node, TEXT_KEYS)
  && MARKS.every((mark) => node[mark] === undefined || typeof node[mark] === 'boolean');
const isLink = (node) => node?.type === 'link' && typeof node.url === 'string' && onlyKeys(node, LINK_KEYS) && Array.isArray(node.children)
  && node.children.every(isText);
/** Inline content the editor can edit and write back: text nodes with known marks, and links of them. */
const isInline = (children) => Array.isArray(children) && children.every((node) => isText(node) || isLink(node));

const INLINE_BLOCKS = new Set(['paragraph', 'heading', 'quote']);
/** Whether the editor can edit this block (else it is shown read-only and kept exactly). */
export function understood(block) {
  if (!block || typeof block !== 'object') return false;
  if (INLINE_BLOCKS.has(block.type)) {
    return isInline(block.children) && (block.type !== 'heading' || [1, 2, 3, 4, 5, 6].includes(block.level));
  }
  if (block.type === 'list') {
    return ['ordered', 'unordered'].includes(block.format) && Array.isArray(block.children)
      && block.children.every((item) => (item?.type === 'list-item' ? isInline(item.children) : understood(item) && item.type === 'list'));
  }
  if (block.type === 'code') return Array.isArray(block.children) && block.children.every(isText);
  return false;
}

/** Inline nodes → leaves `{ text, marks, link }`; leaves of one link share its `link` object. */
export function toLeaves(children) {
  const leaves = [];
  for (const node of children) {
    if (node.type === 'link') {
      const link = { url: node.url };
      for (const child of node.children) leaves.push({ text: child.text, marks: marksOf(child), link });
    } else leaves.push({ text: node.text, marks: marksOf(node), link: null });
  }
  return leaves;
}
const marksOf = (node) => Object.fromEntries(MARKS.filter((mark) => node[mark] === true).map((mark) => [mark, true]));
const sameMarks = (a, b) => MARKS.every((mark) => !!a[mark] === !!b[mark]);
const textNode = (leaf) => ({ type: 'text', text: leaf.text, ...leaf.marks });

/** Leaves → inline nodes: neighbours with the same marks merged, empty texts dropped, never an empty list. */
export function fromLeaves(leaves) {
  const nodes = [];
  for (const leaf of leaves) {
    if (leaf.text === '') continue;
    const last = nodes[nodes.length - 1];
    if (leaf.link) {
      if (last?.type === 'link' && last.source === leaf.link) appendText(last.children, leaf);
      else nodes.push({ type: 'link', url: leaf.link.url, children: [textNode(leaf)], source: leaf.link });
    } else appendText(nodes, leaf);
  }
  for (const node of nodes) delete node.source;
  return nodes.length ? nodes : [{ type: 'text', text: '' }];
}
function appendText(list, leaf) {
  const last = list[list.length - 1];
  if (last?.type === 'text' && sameMarks(last, leaf.marks)) last.text += leaf.text;
  else list.push(textNode(leaf));
}

/** Leaves cut at a character offset: [before, after]. */
function splitLeaves(leaves, offset) {
  const before = [];
  const after = [];
  let at = 0;
  for (const leaf of leaves) {
    const end = at + leaf.text.length;
    if (end <= offset) before.push(leaf);
    else if (at >= offset) after.push(leaf);
    else {
      before.push({ ...leaf, text: leaf.text.slice(0, offset - at) });
      after.push({ ...leaf, text: leaf.text.slice(offset - at) });
    }
    at = end;
  }
  return [before, after];
}

/** Apply `change` to the leaves between two offsets. */
function around(leaves, start, end, change) {
  const [head, rest] = splitLeaves(leaves, start);
  const [middle, tail] = splitLeaves(rest, end - start);
  return [...head, ...change(middle), ...tail];
}

/** Toggle a mark on a range: set on all of it, or removed when all of it had it already. */
export function toggleMark(children, start, end, mark) {
  return fromLeaves(around(toLeaves(children), start, end, (middle) => {
    const on = !middle.filter((leaf) => leaf.text).every((leaf) => leaf.marks[mark]);
    return middle.map((leaf) => ({
      ...leaf,
      marks: on ? { ...leaf.marks, [mark]: true } : Object.fromEntries(Object.entries(leaf.marks).filter(([name]) => name !== mark)),
    }));
  }));
}

/** Make a range one link to `url`, or no link when `url` is empty. */
export function setLink(children, start, end, url) {
  const link = url ? { url } : null;
  return fromLeaves(around(toLeaves(children), start, end, (middle) => middle.map((leaf) => ({ ...leaf, link }))));
}

/** The inline content cut at an offset, for Enter: [before, after] as inline nodes. */
export const splitInline = (children, offset) => splitLeaves(toLeaves(children), offset).map(fromLeaves);

/** A line break (Shift+Enter) at an offset, in the marks of the text before it. */
export function insertBreak(children, offset) {
  const [before, after] = splitLeaves(toLeaves(children), offset);
  const last = before[before.length - 1];
  return fromLeaves([...before, { text: '\n', marks: last?.marks ?? {}, link: last?.link ?? null }, ...after]);
}

/** The marks of the text just before an offset (what typed text continues). */
export function marksAt(children, offset) {
  const [before] = splitLeaves(toLeaves(children), offset);
  return before[before.length - 1]?.marks ?? {};
}

/** Typed text at an offset in the given marks (a mark switched on or off with nothing selected). */
export function insertText(children, offset, text, marks) {
  const [before, after] = splitLeaves(toLeaves(children), offset);
  const link = before[before.length - 1]?.link ?? null;
  return fromLeaves([...before, { text, marks: Object.fromEntries(Object.entries(marks).filter(([, on]) => on)), link }, ...after]);
}

const JOINABLE = new Set(['paragraph', 'heading', 'quote']);
/**
 * Backspace at the start of `block`: its text joined to the end of `previous` (both paragraphs,
 * headings or quotes the editor understands), or undefined when they cannot be joined.
 */
export function joinBlocks(previous, block) {
  if (!JOINABLE.has(previous?.type) || !JOINABLE.has(block?.type) || !understood(previous) || !understood(block)) return undefined;
  return { ...previous, children: fromLeaves([...toLeaves(previous.children), ...toLeaves(block.children)]) };
}

/** Plain text of inline nodes. */
export const plainText = (children) => toLeaves(children).map((leaf) => leaf.text).join('');

/** The kinds a block can be switched between, as the type menu shows them. */
export const KINDS = {
  paragraph: 'Paragraph', 'heading-1': 'Heading 1', 'heading-2': 'Heading 2', 'heading-3': 'Heading 3', 'heading-4': 'Heading 4',
  'heading-5': 'Heading 5', 'heading-6': 'Heading 6',
  quote: 'Quote', code: 'Code', 'list-unordered': 'Bulleted list', 'list-ordered': 'Numbered list',
};
export const kindOf = (block) => (block.type === 'heading'
  ? `heading-${block.level}`
  : block.type === 'list'
  ? `list-${block.format}`
  : block.type);

/** A block's inline content, whatever its type (a list's items joined by line breaks). */
function inlineOf(block) {
  if (block.type === 'list') {
    return block.children.filter((item) => item.type === 'list-item')
      .flatMap((item, index) => (index ? [{ type: 'text', text: '\n' }, ...item.children] : item.children));
  }
  if (block.type === 'code') return [{ type: 'text', text: plainText(block.children) }];
  return block.children;
}

/** The block as another kind: its text kept, what the new kind cannot hold (marks in code) dropped. */
export function toKind(block, kind) {
  if (kind === kindOf(block)) return block;
  const [type, detail] = kind.split('-');
  if (type === 'list' && block.type === 'list') return { ...block, format: detail };
  const children = fromLeaves(toLeaves(inlineOf(block)));
  if (type === 'list') return { type: 'list', format: detail, children: [{ type: 'list-item', children }] };
  if (type === 'heading') return { type: 'heading', level: Number(detail), children };
  if (type === 'code') return { type: 'code', children: [{ type: 'text', text: plainText(children) }] };
  return { type, children };
}

/** A new empty block of a kind. */
export const emptyBlock = (kind = 'paragraph') => toKind({ type: 'paragraph', children: [{ type: 'text', text: '' }] }, kind);
