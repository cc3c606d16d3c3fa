import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { fieldOf, formFor, settle } from './conflict-merge.js';
import { differing, textOf } from './conflict-text.js';

// A form whose document changed elsewhere (a pull, a teammate, a branch switch, the CLI) while it
// was open: what changed, field by field, merged with the form where the edits did not meet
// (different blocks, different entries), and for each spot both sides changed, a choice.

// One string, as the template's text was: the paragraph keeps a single text node.
const NEWER_VERSION = 'Someone (a pull, a teammate, another branch or the command line) saved a newer version. '
  + 'Choose for each place you both changed, then save again.';

const isBlocks = (value) => Array.isArray(value) && value.length > 0
  && value.every((item) => item && typeof item === 'object' && Array.isArray(item.children));
/** Where a conflict is, in an editor's words: the field, then the block or entry, then the field inside it. */
function where(change, path) {
  const blocks = isBlocks(change.mine.body) || isBlocks(change.theirs.body);
  return [change.name, ...path.map((step, depth) => (typeof step !== 'number' ? step
    : `${blocks && depth === 0 ? 'block' : 'entry'} ${step + 1}`))].join(' › ');
}

/** One side's full text, the part that differs from the other side marked (and scrolled to), in a box that scrolls. */
function Side({ text, other, label }) {
  const box = useRef();
  const [head, middle, tail] = differing(text, other);
  useEffect(() => {
    const mark = box.current?.querySelector('mark');
    if (mark && box.current) box.current.scrollTop = Math.max(0, mark.offsetTop - box.current.offsetTop - 16);
  }, [text, other]);
  return html`<div class="side" ref=${box} tabindex="0" role="region" aria-label=${label}>${head}${middle
    && html`<mark>${middle}</mark>`}${tail}</div>`;
}

/** One row: a spot both changed, with both full texts and the choice (mine by default); or a field merged without asking. */
function Row({ change, conflict, index, take, choose }) {
  if (!conflict) {
    const merged = change.value !== undefined && JSON.stringify(change.value) !== JSON.stringify(change.theirs.body);
    return html`<tr data-conflict=${change.name}><th scope="row">${change.name}</th>
      <td>${textOf(change.mine.body)}</td><td>${textOf(change.theirs.body)}</td>
      <td><span class="muted">${merged ? 'both kept (merged)' : 'theirs (you did not change it)'}</span></td></tr>`;
  }
  const place = where(change, conflict.path);
  const [mine, theirs] = [textOf(conflict.mine, conflict.span), textOf(conflict.theirs, conflict.span)];
  const key = `${change.name}#${index}`;
  return html`<tr data-conflict=${change.name} data-place=${place}><th scope="row">${place}</th>
    <td><${Side} text=${mine} other=${theirs} label=${`Your version of ${place}`} /></td>
    <td><${Side} text=${theirs} other=${mine} label=${`Their version of ${place}`} /></td>
    <td><fieldset class="choice"><legend class="visually-hidden">Keep for ${place}</legend>
      <label><input type="radio" name=${`keep-${key}`} checked=${!take.has(key)} onChange=${() => choose(key, false)} /> mine</label>
      <label><input type="radio" name=${`keep-${key}`} checked=${take.has(key)} onChange=${() => choose(key, true)} /> theirs</label>
    </fieldset></td></tr>`;
}

/** Whether the editor is typing in a field now: the panel then does not take the caret away. */
const typing = () => !!window.document.activeElement?.closest?.('input, textarea, select, [contenteditable="true"]');

/**
 * Calls `bring` once the caret leaves the text the editor types in; returns what stops the watch. Never under a press: the
 * press that moved the focus (mouse, pen, finger) is still down, and moving the page then ends it on another element, its click
 * lost (an "Apply my choices" or a "theirs" that never happened, the panel left waiting). The page moves once it is released, and
 * not at all when the press (or Tab) came into the panel itself: the editor is there already.
 */
function whenTextLeft(panel, bring) {
  let pressing = false;
  let stopped = false;
  const later = () => setTimeout(() => { if (!stopped && !pressing && !typing()) { bring(); stop(); } });
  const listeners = {
    pointerdown: () => { pressing = true; },
    pointerup: () => { pressing = false; later(); },
    pointercancel: () => { pressing = false; later(); },
    focusout: (event) => (panel.current?.contains(event.relatedTarget) ? stop() : later()),
  };
  const stop = () => {
    stopped = true;
    for (const [type, listener] of Object.entries(listeners)) window.document.removeEventListener(type, listener, true);
  };
  for (const [type, listener] of Object.entries(listeners)) window.document.addEventListener(type, listener, true);
  return stop;
}

/**
 * The choices: for each spot both sides changed (a field, a block, an entry's field), keep mine or
 * take theirs (mine by default, so nothing typed is lost without a decision). Announced when it
 * appears, and brought into view and focused then, or (found while the editor types) as soon as
 * the caret leaves the text, never under a press (whenTextLeft). `onApply(values)` gets the
 * form value of every field they changed.
 */
export function ConflictPanel({ changes, onApply }) {
  const [take, setTake] = useState(() => new Set());
  const [announced, setAnnounced] = useState('');
  const panel = useRef();
  const choose = (key, theirs) => setTake((current) => {
    const next = new Set(current);
    if (theirs) next.add(key);
    else next.delete(key);
    return next;
  });
  const spots = changes.flatMap((change) => change.conflicts.map((conflict, index) => ({ change, conflict, index })));
  useEffect(() => {
    const bring = () => {
      panel.current?.scrollIntoView({ block: 'start' });
      panel.current?.focus({ preventScroll: true });
    };
    // Set after the region is in the page, so a screen reader reads it out.
    setAnnounced(`This document changed elsewhere. ${spots.length
      ? `${spots.length} ${spots.length === 1 ? 'place needs' : 'places need'} your choice.` : 'Their changes can be taken.'}`);
    if (!typing()) { bring(); return undefined; }
    // Found while the editor types: the caret stays, and the panel comes as soon as they leave the text.
    return whenTextLeft(panel, bring);
  }, []);
  const apply = () => onApply(Object.fromEntries(changes.map((change) => {
    const value = settle(change.value, change.conflicts, (index) => (take.has(`${change.name}#${index}`) ? 'theirs' : 'mine'));
    return [change.name, formFor(value, change.mine, change.theirs)];
  })));
  return html`<section class="conflict" role="alertdialog" aria-labelledby="conflict-title" tabindex="-1" ref=${panel}>
    <h2 id="conflict-title">This document changed elsewhere while you were editing it</h2>
    <p>${NEWER_VERSION}</p>
    <p class="visually-hidden" role="status" aria-live="assertive">${announced}</p>
    <table class="conflict-fields"><thead><tr><th>Where</th><th>Your version</th><th>Their version</th><th>Keep</th></tr></thead><tbody>
      ${changes.map((change) => (change.ask
        ? change.conflicts.map((conflict, index) => html`<${Row} change=${change} conflict=${conflict} index=${index}
          take=${take} choose=${choose} />`)
        : html`<${Row} change=${change} />`))}
    </tbody></table>
    <button type="button" class="primary" onClick=${apply}>${spots.length ? 'Apply my choices' : 'Take their changes'}</button>
  </section>`;
}

/**
 * The fields they changed, merged with the form: `[{ name, value, conflicts, ask, mine, theirs }]`
 * (`mine`/`theirs`: `{ body, form }` of that field), and for the fields that merged cleanly, `form`,
 * the value the form takes.
 */
export async function mergeWithForm(model, base, mine, theirs) {
  const answer = await request('POST', './api/merge', { body: { contentType: model.uid, base, mine: mine.body, theirs: theirs.body } });
  return answer.data.map((field) => {
    const sides = { mine: fieldOf(mine, field.name), theirs: fieldOf(theirs, field.name) };
    const ask = field.conflicts.length > 0;
    return { ...field, ...sides, ask, form: ask ? undefined : formFor(field.value, sides.mine, sides.theirs) };
  });
}
