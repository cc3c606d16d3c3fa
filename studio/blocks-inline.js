import { useLayoutEffect, useRef } from 'preact/hooks';
import { html } from './html.js';
import { readLeaves, renderInline, selectionIn, selectOffsets } from './blocks-dom.js';
import { fromLeaves, insertBreak, insertText, marksAt, setLink, splitInline, toggleMark } from './blocks-model.js';

const SHORTCUTS = { b: 'bold', i: 'italic', u: 'underline' };

/** Inline content whose editor takes the caret when next drawn: an item moved to another list is drawn by another editor. */
let wanted;
/** Ask for the caret at `offset` in the editor that next draws `nodes` (the same array, wherever it moves). */
export const focusNodes = (nodes, offset) => { wanted = { nodes, offset }; };

/**
 * One block's inline content in a contenteditable element. The element's DOM is drawn from the
 * nodes only when they change from outside (a mark, a link, a reload): typing never redraws it, so
 * the caret stays; `focus` changing to a truthy value puts the caret in it at `focusOffset`.
 * `onJoinBack` is called for Backspace at its very start, `onTab(shift, offset)` for Tab (else Tab leaves the text),
 * `onSnippet(offset)` for a space typed with the caret at `offset` (true when it changed the block, and the space is dropped). `tools`
 * receives, on focus, what the toolbar acts on: mark(name), link(url, range), range().
 */
export function InlineEditor({
  nodes, onChange, onEnter, onJoinBack, onTab, onSnippet, tools, label, tag = 'div', focus, focusOffset = 0,
}) {
  const ref = useRef();
  const shown = useRef({});
  const restore = useRef();
  const pending = useRef(); // marks for the next typed text, set by a mark with nothing selected

  useLayoutEffect(() => {
    // Redraw when the nodes changed from outside, or the element is new (a paragraph became a heading).
    if (shown.current.nodes !== nodes || shown.current.element !== ref.current) {
      renderInline(ref.current, nodes);
      shown.current = { nodes, element: ref.current };
    }
    if (restore.current) { ref.current.focus(); selectOffsets(ref.current, restore.current); restore.current = undefined; }
    if (wanted?.nodes === nodes) {
      ref.current.focus();
      selectOffsets(ref.current, { start: wanted.offset, end: wanted.offset });
      wanted = undefined;
    }
  });
  useLayoutEffect(() => {
    if (!focus) return;
    ref.current.focus();
    selectOffsets(ref.current, { start: focusOffset, end: focusOffset });
  }, [focus]);

  // The toolbar keeps this object from the last focus: it reads the newest nodes through `latest`.
  const latest = useRef();
  latest.current = { nodes, onChange };
  const change = (next, selection) => { restore.current = selection; latest.current.onChange(next); };
  const api = useRef({
    range: () => selectionIn(ref.current),
    mark: (mark) => {
      const range = selectionIn(ref.current);
      if (!range) return;
      if (range.start !== range.end) { change(toggleMark(latest.current.nodes, range.start, range.end, mark), range); return; }
      // Nothing selected: the next typed text takes the mark (or loses it).
      const marks = pending.current ?? marksAt(latest.current.nodes, range.start);
      pending.current = { ...marks, [mark]: !marks[mark] };
    },
    link: (url, range) => {
      if (range && range.start !== range.end) change(setLink(latest.current.nodes, range.start, range.end, url), range);
    },
  }).current;

  const onInput = () => {
    const next = fromLeaves(readLeaves(ref.current));
    shown.current = { nodes: next, element: ref.current }; // the DOM already shows it
    onChange(next);
  };
  const onBeforeInput = (event) => {
    // A space after a snippet at the very start (`## `, `- `…) may change the block's kind: the block decides.
    if (onSnippet && event.inputType === 'insertText' && event.data === ' ') {
      const range = selectionIn(ref.current);
      if (range && range.start === range.end && onSnippet(range.start)) { event.preventDefault(); return; }
    }
    const marks = pending.current;
    if (!marks || event.inputType !== 'insertText' || !event.data) return;
    const range = selectionIn(ref.current);
    if (!range || range.start !== range.end) return;
    event.preventDefault();
    pending.current = undefined;
    change(
      insertText(nodes, range.start, event.data, marks), { start: range.start + event.data.length, end: range.start + event.data.length },
    );
  };
  const onKeyDown = (event) => {
    if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') pending.current = undefined;
    if ((event.ctrlKey || event.metaKey) && SHORTCUTS[event.key]) { event.preventDefault(); api.mark(SHORTCUTS[event.key]); return; }
    if (event.key === 'Tab' && onTab) {
      event.preventDefault();
      onTab(event.shiftKey, selectionIn(ref.current)?.start ?? 0);
      return;
    }
    if (event.key === 'Backspace' && onJoinBack) {
      const range = selectionIn(ref.current);
      if (range && range.start === 0 && range.end === 0) { event.preventDefault(); onJoinBack(); }
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const range = selectionIn(ref.current);
    if (!range) return;
    // A line break goes into the nodes, not the DOM: the browser would make a <br> or a <div> of it.
    if (event.shiftKey) change(insertBreak(nodes, range.start), { start: range.start + 1, end: range.start + 1 });
    else if (onEnter) onEnter(...splitInline(nodes, range.start));
  };
  // Pasted content arrives as plain text: marks come from the toolbar, never from another page's HTML.
  const onPaste = (event) => {
    event.preventDefault();
    document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
  };

  return html`<${tag} ref=${ref} class="inline-editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label=${label}
    onBeforeInput=${onBeforeInput} onInput=${onInput} onKeyDown=${onKeyDown} onMouseDown=${() => { pending.current = undefined; }}
      onPaste=${onPaste} onFocus=${() => tools?.(api)} />`;
}
