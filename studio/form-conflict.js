import { useState } from 'preact/hooks';
import { html } from './html.js';

// A form whose document changed elsewhere (a pull, a teammate, a branch switch, the CLI) while it
// was open: what changed, field by field, and for each field both sides edited, a choice.

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that changed elsewhere, from three API bodies: `base` (what the form opened), `theirs`
 * (what is stored now) and `mine` (what the form would send). A field only they changed is taken
 * as theirs; a field both changed differently asks (`ask: true`).
 */
export function incomingChanges(base, theirs, mine) {
  return Object.keys({ ...base, ...theirs })
    .filter((name) => !same(base[name], theirs[name]) && !same(mine[name], theirs[name]))
    .map((name) => ({ name, mine: mine[name], theirs: theirs[name], ask: !same(mine[name], base[name]) }));
}

/** A value as an editor reads it: text as text, rich text and blocks as their words, anything else as short JSON. */
export function shown(value) {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 117)}…` : value;
  if (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && Array.isArray(item.children))) {
    return shown(blockText(value));
  }
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
const blockText = (nodes) => nodes
  .map((node) => (typeof node.text === 'string' ? node.text : blockText(node.children ?? [])))
  .join(' ').trim();

// One string, as the template's text was: the paragraph keeps a single text node.
const NEWER_VERSION = 'Someone (a pull, a teammate, another branch or the command line) saved a newer version. '
  + 'Choose for each field you both changed, then save again.';

/**
 * The choices: for each field both sides changed, keep mine or take theirs (mine by default, so
 * nothing typed is lost without a decision); `onApply(takeTheirs: Set<name>)`.
 */
export function ConflictPanel({ changes, onApply }) {
  const [take, setTake] = useState(() => new Set());
  const choose = (name, theirs) => setTake((current) => {
    const next = new Set(current);
    if (theirs) next.add(name);
    else next.delete(name);
    return next;
  });
  const asked = changes.filter((change) => change.ask);
  return html`<section class="conflict" role="alertdialog" aria-labelledby="conflict-title">
    <h2 id="conflict-title">This document changed elsewhere while you were editing it</h2>
    <p>${NEWER_VERSION}</p>
    <table class="conflict-fields"><thead><tr><th>Field</th><th>Your version</th><th>Their version</th><th>Keep</th></tr></thead><tbody>
      ${changes.map((change) => html`<tr data-conflict=${change.name}>
        <th scope="row">${change.name}</th><td>${shown(change.mine)}</td><td>${shown(change.theirs)}</td>
        <td>${change.ask ? html`<fieldset class="choice"><legend class="visually-hidden">Keep for ${change.name}</legend>
          <label><input type="radio" name=${`keep-${change.name}`} checked=${!take.has(change.name)}
            onChange=${() => choose(change.name, false)} /> mine</label>
          <label><input type="radio" name=${`keep-${change.name}`} checked=${take.has(change.name)}
            onChange=${() => choose(change.name, true)} /> theirs</label></fieldset>`
          : html`<span class="muted">theirs (you did not change it)</span>`}</td></tr>`)}
    </tbody></table>
    <button type="button" class="primary"
      onClick=${() => onApply(new Set([...take, ...changes.filter((change) => !change.ask).map((change) => change.name)]))}>
      ${asked.length ? 'Apply my choices' : 'Take their changes'}</button>
  </section>`;
}
