// Text for a Markdown table cell or paragraph that VitePress compiles as a Vue template: `<` outside code spans becomes `&lt;`
// (a bare `<key>` would open an element), pipes are escaped and line breaks joined.
export function cell(text) {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(/</g, '&lt;')))
    .join('')
    .replace(/\|/g, '\\|');
}

/** The same for a paragraph: line breaks kept, pipes left alone. */
export function prose(text) {
  return String(text ?? '').split(/(`[^`]*`)/).map((part) => (part.startsWith('`') ? part : part.replace(/</g, '&lt;'))).join('');
}
