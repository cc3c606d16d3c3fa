// Inline nodes ↔ the DOM of a contenteditable element, and selections as character offsets.

const TAGS = { bold: 'strong', italic: 'em', underline: 'u', strikethrough: 's', code: 'code' };
const MARK_OF = {
  STRONG: 'bold', B: 'bold', EM: 'italic', I: 'italic', U: 'underline', S: 'strikethrough', STRIKE: 'strikethrough', DEL: 'strikethrough',
  CODE: 'code',
};

function textElement(node) {
  let element = document.createTextNode(node.text);
  for (const [mark, tag] of Object.entries(TAGS)) {
    if (!node[mark]) continue;
    const wrapper = document.createElement(tag);
    wrapper.append(element);
    element = wrapper;
  }
  return element;
}

/** Draw inline nodes into `root` (text and elements only: no HTML string is ever parsed). */
export function renderInline(root, children) {
  root.replaceChildren(...children.map((node) => {
    if (node.type !== 'link') return textElement(node);
    const anchor = document.createElement('a');
    anchor.dataset.url = node.url;
    anchor.title = node.url;
    anchor.append(...node.children.map(textElement));
    return anchor;
  }));
  // A last line break shows (and can hold the caret) only with something after it: a <br>, which readLeaves skips.
  if (children[children.length - 1]?.text?.endsWith('\n') || children[children.length - 1]?.children?.at(-1)?.text.endsWith('\n')) {
    root.append(document.createElement('br'));
  }
}

/** Read the leaves the DOM shows (what the browser made of typing included): `{ text, marks, link }`. */
export function readLeaves(root) {
  const leaves = [];
  const walk = (element, marks, link) => {
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) { leaves.push({ text: child.data, marks, link }); continue; }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      if (child.tagName === 'BR') { if (child.nextSibling) leaves.push({ text: '\n', marks, link }); continue; }
      if ((child.tagName === 'DIV' || child.tagName === 'P') && leaves.length) leaves.push({ text: '\n', marks, link });
      const mark = MARK_OF[child.tagName];
      const nextLink = child.tagName === 'A' ? (child.linkSource ??= { url: child.dataset.url ?? child.getAttribute('href') ?? '' }) : link;
      walk(child, mark ? { ...marks, [mark]: true } : marks, nextLink);
    }
  };
  walk(root, {}, null);
  return leaves;
}

/** The selection inside `root` as character offsets, or undefined when it is elsewhere. */
export function selectionIn(root) {
  const selection = getSelection();
  if (!selection?.rangeCount) return undefined;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return undefined;
  const offsetOf = (container, offset) => {
    const before = document.createRange();
    before.setStart(root, 0);
    before.setEnd(container, offset);
    // A <br> the browser put in counts as the line break readLeaves makes of it.
    return before.toString().length + before.cloneContents().querySelectorAll('br').length;
  };
  return { start: offsetOf(range.startContainer, range.startOffset), end: offsetOf(range.endContainer, range.endOffset) };
}

/** Select between two character offsets inside `root`. */
export function selectOffsets(root, { start, end }) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const point = (target) => {
    let seen = 0;
    let last;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      last = node;
      if (seen + node.data.length >= target) return [node, target - seen];
      seen += node.data.length;
    }
    return last ? [last, last.data.length] : [root, 0];
  };
  const range = document.createRange();
  range.setStart(...point(start));
  walker.currentNode = root;
  range.setEnd(...point(end));
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}
