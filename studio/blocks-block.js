import { useState } from 'preact/hooks';
import { html } from './html.js';
import { focusNodes, InlineEditor } from './blocks-inline.js';
import { indentItem, isEmptyItem, leaveList, leaveNested, outdentItem, unlistItem } from './blocks-list.js';
import { plainText, understood } from './blocks-model.js';
import { applySnippet, firstInline } from './blocks-snippets.js';

const TAG = { paragraph: 'p', quote: 'blockquote' };

/**
 * A list: one inline editor per item (Enter adds the next item, or leaves the list on an empty
 * one; Tab indents an item into a nested list, Shift+Tab or Backspace at its start lifts it out), nested lists drawn the
 * same way. `onLift(index, offset)` and `onLeave(index)` take an item out of this list: the
 * list's parent does it, as the item lands there. The moved item's editor takes the caret.
 */
function ListBlock({ block, onChange, onLift, onLeave, tools, label }) {
  // A counter, so asking twice for the same block still moves the caret there.
  const [focusAt, setFocusAt] = useState({ index: -1, n: 0 });
  const items = block.children;
  const setItems = (update) => onChange((current) => ({ ...current, children: update(current.children) }));
  const enter = (index) => (before, after) => {
    if (isEmptyItem(items[index])) { onLeave(index); return; }
    setItems((current) => [
      ...current.slice(0, index), { ...current[index], children: before }, { type: 'list-item', children: after },
      ...current.slice(index + 1)
    ]);
    setFocusAt((last) => ({ index: index + 1, n: last.n + 1 }));
  };
  const tab = (index) => (shift, offset) => {
    if (shift) { onLift(index, offset); return; }
    if (!indentItem(block, index)) return;
    focusNodes(items[index].children, offset);
    onChange((current) => indentItem(current, index) ?? current);
  };
  /** An item of the nested list at `at`, moved into this list (Shift+Tab, or Enter on it empty). */
  const fromNested = (at, transform) => (index, offset = 0) => {
    focusNodes(items[at].children[index].children, offset);
    onChange((current) => transform(current, at, index) ?? current);
  };
  const List = block.format === 'ordered' ? 'ol' : 'ul';
  return html`<${List} class="blocks-list">${items.map((item, index) => (item.type === 'list'
    ? html`<li class="nested"><${ListBlock} block=${item} tools=${tools} label=${`${label}, nested list ${index + 1}`}
      onLift=${fromNested(index, outdentItem)} onLeave=${fromNested(index, leaveNested)}
        onChange=${(update) => setItems((current) => current.map((other, at) => (at === index ? update(other) : other)))} /></li>`
    : html`<li class="list-item"><${InlineEditor} nodes=${item.children} tools=${tools} label=${`${label}, item ${index + 1}`}
      focus=${focusAt.index === index ? focusAt.n : 0} onEnter=${enter(index)} onTab=${tab(index)}
        onJoinBack=${() => onLift(index, 0)}
        onChange=${(children) => setItems((current) => current.map((other, at) => (at === index ? { ...other, children } : other)))} />
        <button type="button" class="link" aria-label=${`Remove ${label}, item ${index + 1}`} disabled=${items.length === 1}
          onClick=${() => setItems((current) => current.filter((_, at) => at !== index))}>×</button></li>`))}
  </${List}>`;
}

/** What the editor does not edit (an image, a type it does not know): shown, and kept exactly. */
function KeptBlock({ block }) {
  if (block?.type === 'image' && block.image?.url) {
    return html`<figure class="blocks-image"><img src=${block.image.formats?.thumbnail?.url ?? block.image.url}
      alt=${block.image.alternativeText ?? ''} />
      <figcaption class="hint">Image ${block.image.name ?? ''}: kept as it is</figcaption></figure>`;
  }
  return html`<div class="blocks-kept">
    <span class="hint">A ${String(block?.type ?? 'unknown')} block the studio does not edit: kept as it is.</span>
    <pre>${JSON.stringify(block, null, 2)}</pre></div>`;
}

/**
 * The body of one block, by type. `onChange(update)` changes the block; `onEnter(before, after)`
 * splits it (a paragraph or heading continues in a new paragraph); `onJoinBack()` is Backspace at
 * its start; `onReplace(update)` puts the blocks `update(block)` returns in its place (an item
 * lifted out of a list becomes a paragraph between the list's parts).
 */
export function BlockBody({ block, onChange, onEnter, onJoinBack, onReplace, tools, label, focus, focusOffset }) {
  if (!understood(block)) return html`<${KeptBlock} block=${block} />`;
  if (block.type === 'list') {
    const out = (transform) => (index, offset = 0) => {
      focusNodes(block.children[index].children, offset);
      onReplace((current) => transform(current, index) ?? [current]);
    };
    return html`<${ListBlock} block=${block} onChange=${onChange} onLift=${out(unlistItem)} onLeave=${out(leaveList)} tools=${tools}
      label=${label} />`;
  }
  if (block.type === 'code') {
    return html`<div class="blocks-code">
      <textarea class="code" rows="4" spellcheck=${false} aria-label=${label} value=${plainText(block.children)}
        onInput=${(event) => {
          const text = event.currentTarget.value;
          onChange((current) => ({ ...current, children: [{ type: 'text', text }] }));
        }} />
      <input class="language" aria-label=${`${label} language`} placeholder="language" value=${block.language ?? ''}
        onInput=${(event) => {
          const language = event.currentTarget.value;
          onChange(({ language: _, ...current }) => (language ? { ...current, language } : current));
        }} />
    </div>`;
  }
  const tag = block.type === 'heading' ? `h${block.level}` : TAG[block.type];
  /** `## `, `- `, `> `… typed at a paragraph's start make it that kind; the caret stays in its text. */
  const snippet = (offset) => {
    const next = block.type === 'paragraph' && applySnippet(block, offset);
    if (!next) return false;
    focusNodes(firstInline(next), 0);
    onChange(() => next);
    return true;
  };
  return html`<${InlineEditor} tag=${tag} nodes=${block.children} tools=${tools} label=${label} onEnter=${onEnter} onJoinBack=${onJoinBack}
    onSnippet=${snippet} focus=${focus} focusOffset=${focusOffset}
    onChange=${(children) => onChange((current) => ({ ...current, children }))} />`;
}
