import { useLayoutEffect, useRef } from 'preact/hooks';
import { html } from './html.js';
import { readLeaves, renderInline, selectionIn, selectOffsets } from './blocks-dom.js';
import { fromLeaves, setLink, splitInline, toggleMark } from './blocks-model.js';

const SHORTCUTS = { b: 'bold', i: 'italic', u: 'underline' };

/**
 * One block's inline content in a contenteditable element. The element's DOM is drawn from the
 * nodes only when they change from outside (a mark, a link, a reload): typing never redraws it, so
 * the caret stays; `focus` turning true puts the caret in it. `tools` receives, on focus, what the toolbar acts on: mark(name), link(url, range), range().
 */
export function InlineEditor({ nodes, onChange, onEnter, tools, label, tag = 'div', focus }) {
  const ref = useRef();
  const shown = useRef({});
  const restore = useRef();

  useLayoutEffect(() => {
    // Redraw when the nodes changed from outside, or the element is new (a paragraph became a heading).
    if (shown.current.nodes !== nodes || shown.current.element !== ref.current) { renderInline(ref.current, nodes); shown.current = { nodes, element: ref.current }; }
    if (restore.current) { ref.current.focus(); selectOffsets(ref.current, restore.current); restore.current = undefined; }
  });
  useLayoutEffect(() => {
    if (!focus) return;
    ref.current.focus();
    selectOffsets(ref.current, { start: 0, end: 0 });
  }, [focus]);

  // The toolbar keeps this object from the last focus: it reads the newest nodes through `latest`.
  const latest = useRef();
  latest.current = { nodes, onChange };
  const change = (next, selection) => { restore.current = selection; latest.current.onChange(next); };
  const api = useRef({
    range: () => selectionIn(ref.current),
    mark: (mark) => {
      const range = selectionIn(ref.current);
      if (range && range.start !== range.end) change(toggleMark(latest.current.nodes, range.start, range.end, mark), range);
    },
    link: (url, range) => { if (range && range.start !== range.end) change(setLink(latest.current.nodes, range.start, range.end, url), range); },
  }).current;

  const onInput = () => {
    const next = fromLeaves(readLeaves(ref.current));
    shown.current = { nodes: next, element: ref.current }; // the DOM already shows it
    onChange(next);
  };
  const onKeyDown = (event) => {
    if ((event.ctrlKey || event.metaKey) && SHORTCUTS[event.key]) { event.preventDefault(); api.mark(SHORTCUTS[event.key]); return; }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.shiftKey) { document.execCommand('insertText', false, '\n'); return; }
    const range = selectionIn(ref.current);
    if (range && onEnter) onEnter(...splitInline(nodes, range.start));
  };
  // Pasted content arrives as plain text: marks come from the toolbar, never from another page's HTML.
  const onPaste = (event) => { event.preventDefault(); document.execCommand('insertText', false, event.clipboardData.getData('text/plain')); };

  return html`<${tag} ref=${ref} class="inline-editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label=${label}
    onInput=${onInput} onKeyDown=${onKeyDown} onPaste=${onPaste} onFocus=${() => tools?.(api)} />`;
}
