// The edits of the Markdown toolbar, as plain text work: each takes the text and the selection
// (`start`, `end` offsets) and returns the new text and selection. No DOM, so tested in Node.

/** Marks written around the selection; a selection already wrapped in them is unwrapped. */
export const WRAPS = { bold: ['**', '**'], italic: ['_', '_'], strikethrough: ['~~', '~~'], code: ['`', '`'] };

/** Prefixes written at the start of every selected line; lines that all have one lose it. */
export const PREFIXES = { heading: '## ', quote: '> ', bullets: '- ', numbers: '1. ' };

/**
 * Wrap the selection in `before`/`after`, or unwrap it when the text around it (or its own ends)
 * already hold them. With nothing selected the marks are written and the caret put between them.
 *
 * @example
 * wrap('a fjord', 2, 7, '**', '**') // { text: 'a **fjord**', start: 4, end: 9 }
 */
export function wrap(text, start, end, before, after) {
  const inside = text.slice(start, end);
  if (text.slice(start - before.length, start) === before && text.slice(end, end + after.length) === after) {
    return {
      text: text.slice(0, start - before.length) + inside + text.slice(end + after.length), start: start - before.length,
      end: end - before.length,
    };
  }
  if (inside.length >= before.length + after.length && inside.startsWith(before) && inside.endsWith(after)) {
    return {
      text: text.slice(0, start) + inside.slice(before.length, inside.length - after.length) + text.slice(end), start,
      end: end - before.length - after.length,
    };
  }
  return { text: text.slice(0, start) + before + inside + after + text.slice(end), start: start + before.length, end: end + before.length };
}

/**
 * Put `prefix` before every line the selection touches (numbered ones count 1., 2., …), or take it
 * away when every such line has it. The selection then covers those lines.
 *
 * @example
 * prefixLines('one\ntwo', 0, 7, '- ') // { text: '- one\n- two', start: 0, end: 11 }
 */
export function prefixLines(text, start, end, prefix) {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', Math.max(end - (end > start && text[end - 1] === '\n' ? 1 : 0), start));
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text.slice(from, to).split('\n');
  const pattern = prefix === PREFIXES.numbers ? /^\d+\. / : new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const all = lines.every((line) => pattern.test(line));
  const next = lines.map((line, index) => (all ? line.replace(
    pattern, '',
  ) : `${prefix === PREFIXES.numbers ? `${index + 1}. ` : prefix}${line}`)).join('\n');
  return { text: text.slice(0, from) + next + text.slice(to), start: from, end: from + next.length };
}

/**
 * A link on the selection: `[text](url)`, the url selected so it can be typed over.
 *
 * @example
 * link('see docs', 4, 8) // { text: 'see [docs](https://)', start: 11, end: 19 }
 */
export function link(text, start, end) {
  const label = text.slice(start, end) || 'link';
  const at = start + label.length + 3;
  return { text: `${text.slice(0, start)}[${label}](https://)${text.slice(end)}`, start: at, end: at + 'https://'.length };
}
