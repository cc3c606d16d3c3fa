// A small Markdown reader for the rich text preview: the common syntax (headings, paragraphs,
// lists, quotes, code, rules; bold, italic, strikethrough, code, links) read into plain data that
// the preview draws as elements. Raw HTML is never interpreted: it shows as the text it is, and a
// link goes only to http(s), mailto or a path, so a document's text cannot run script in the studio.

// A code span opens only at the start of a run of backticks and a link label holds no bracket: otherwise
// a long run of backticks or of `[` is tried from every position, and the preview takes seconds.
const INLINE = /(?<!`)(`+)([^`]+?)\1|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*([^*\s][^*]*?)\*|\b_([^_\s][^_]*?)_\b|\[([^[\]]+)\]\(([^()\s]+)\)/;
const SAFE_URL = /^(https?:|mailto:|\/|#|\.{0,2}\/)/i;

/**
 * Inline Markdown → nodes: `{ text }`, `{ type: 'strong' | 'em' | 'del', children }`, `{ type: 'code', text }`, `{ type: 'link', url,
 * children }`.
 *
 * @example
 * parseInline('a **b**') // [{ text: 'a ' }, { type: 'strong', children: [{ text: 'b' }] }]
 */
export function parseInline(text) {
  const nodes = [];
  let rest = text;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    if (match.index > 0) nodes.push({ text: rest.slice(0, match.index) });
    const [whole, , code, strong, strong2, del, em, em2, label, url] = match;
    if (code !== undefined) nodes.push({ type: 'code', text: code });
    else if (strong !== undefined || strong2 !== undefined) nodes.push({ type: 'strong', children: parseInline(strong ?? strong2) });
    else if (del !== undefined) nodes.push({ type: 'del', children: parseInline(del) });
    else if (em !== undefined || em2 !== undefined) nodes.push({ type: 'em', children: parseInline(em ?? em2) });
    else if (SAFE_URL.test(url)) nodes.push({ type: 'link', url, children: parseInline(label) });
    else nodes.push({ text: whole });
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) nodes.push({ text: rest });
  return nodes;
}

/** Line patterns that start a block, tried in order. */
const LINES = {
  fence: /^\s*(```|~~~)\s*([\w+-]*)\s*$/,
  heading: /^(#{1,6})\s+(.*?)\s*#*\s*$/,
  rule: /^\s*([-*_])(\s*\1){2,}\s*$/,
  quote: /^\s*>\s?(.*)$/,
  bullet: /^\s*[-*+]\s+(.*)$/,
  number: /^\s*\d+[.)]\s+(.*)$/,
  blank: /^\s*$/,
};
const kindOf = (line) => Object.keys(LINES).find((kind) => LINES[kind].test(line)) ?? 'text';

/**
 * Markdown → blocks: `{ type: 'heading', level, children }`, `{ type: 'paragraph', children }`,
 * `{ type: 'list', ordered, items: [children] }`, `{ type: 'quote', blocks }`, `{ type: 'code', language, text }`, `{ type: 'rule' }`.
 *
 * @example
 * parseMarkdown('# Hi\n\n- a')
 * // [{ type: 'heading', level: 1, children: [{ text: 'Hi' }] }, { type: 'list', ordered: false, items: [[{ text: 'a' }]] }]
 */
export function parseMarkdown(source) {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let at = 0;
  /** The lines from `at` on that are of `kind`, their captured text. */
  const run = (kind) => {
    const taken = [];
    while (at < lines.length && kindOf(lines[at]) === kind) taken.push(LINES[kind].exec(lines[at++])[1]);
    return taken;
  };
  while (at < lines.length) {
    const line = lines[at];
    const kind = kindOf(line);
    if (kind === 'blank') { at++; continue; }
    if (kind === 'fence') {
      const [, fence, language] = LINES.fence.exec(line);
      const end = lines.findIndex((other, index) => index > at && other.trim().startsWith(fence));
      const close = end === -1 ? lines.length : end;
      blocks.push({ type: 'code', language, text: lines.slice(at + 1, close).join('\n') });
      at = close + 1;
    } else if (kind === 'heading') {
      const [, marks, text] = LINES.heading.exec(line);
      blocks.push({ type: 'heading', level: marks.length, children: parseInline(text) });
      at++;
    } else if (kind === 'rule') { blocks.push({ type: 'rule' }); at++; }
    else if (kind === 'quote') blocks.push({ type: 'quote', blocks: parseMarkdown(run('quote').join('\n')) });
    else if (kind === 'bullet' || kind === 'number') {
      blocks.push({ type: 'list', ordered: kind === 'number', items: run(kind).map(parseInline) });
    } else {
      const text = [];
      while (at < lines.length && kindOf(lines[at]) === 'text') text.push(lines[at++].trim());
      blocks.push({ type: 'paragraph', children: parseInline(text.join(' ')) });
    }
  }
  return blocks;
}
