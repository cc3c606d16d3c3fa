// The text of one side of a conflict as an editor reads it: whole (never cut), rich text and blocks
// as their words, entries as their fields, anything else as JSON.

const isRecord = (value) => !!value && typeof value === 'object' && !Array.isArray(value);
const isBlock = (value) => isRecord(value) && Array.isArray(value.children);
const nodeText = (node) => (typeof node?.text === 'string'
  ? node.text
  : (node?.children ?? []).map(nodeText).join(node?.type === 'list' ? '\n' : ''));

/** A value's full text; `run`: the value is a run of list items (a conflict in a list), `[]` meaning removed there. */
export function textOf(value, run = false) {
  if (run && Array.isArray(value) && value.length === 0) return '(removed)';
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (isBlock(value)) return nodeText(value);
  if (Array.isArray(value)) return value.length ? value.map((item) => textOf(item)).join('\n\n') : '(none)';
  if (isRecord(value)) {
    const fields = Object.entries(value).filter(([key]) => key !== '__component' && key !== 'id')
      .map(([key, item]) => `${key}: ${typeof item === 'string' ? item : JSON.stringify(item)}`);
    return [value.__component && `[${value.__component}]`, ...fields].filter(Boolean).join('\n');
  }
  return JSON.stringify(value);
}

/**
 * `text` cut in three around the words that differ from `other`: the common start, the differing
 * middle, the common end (so the middle can be marked and found in a long paragraph).
 *
 * @example
 * differing('one two three', 'one 2 three') // → ['one ', 'two', ' three']
 */
export function differing(text, other) {
  if (text === other) return [text, '', ''];
  let start = 0;
  while (start < text.length && start < other.length && text[start] === other[start]) start += 1;
  let end = 0;
  while (end < text.length - start && end < other.length - start && text[text.length - 1 - end] === other[other.length - 1 - end]) end += 1;
  // Whole words: "Ben" and "Ann" differ, not "Be" and "An".
  while (start > 0 && /\S/.test(text[start - 1])) start -= 1;
  while (end > 0 && /\S/.test(text[text.length - end])) end -= 1;
  return [text.slice(0, start), text.slice(start, text.length - end), text.slice(text.length - end)];
}
