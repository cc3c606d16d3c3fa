import { html } from './html.js';

/** A diff line's class: added, removed, a hunk header or the file header. */
const KINDS = [
  ['+++', 'head'], ['---', 'head'], ['+', 'add'], ['-', 'del'], ['@@', 'hunk'], ['diff ', 'head'], ['index ', 'head'], ['new file', 'head'],
  ['deleted file', 'head'],
];
const kindOf = (line) => KINDS.find(([start]) => line.startsWith(start))?.[1] ?? 'same';

/** A unified diff, line by line, coloured by kind (text only: nothing in it is markup). */
export function Diff({ path, text }) {
  if (!text) return html`<p class="muted">No difference with HEAD in ${path}.</p>`;
  return html`<pre class="diff" aria-label=${`Diff of ${path}`}>${text.replace(/\n$/, '').split('\n')
    .map((line) => html`<span class=${`diff-${kindOf(line)}`}>${line}\n</span>`)}</pre>`;
}
