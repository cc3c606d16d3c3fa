import { useState } from 'preact/hooks';
import { html } from './html.js';
import { useDialogFocus } from './dialog-focus.js';

/**
 * A question asked in place, beside the button that raised it (delete, duplicate with unsaved
 * edits): focus moves to the safe choice, Tab stays inside, Escape or the safe choice closes it
 * and focus goes back to the button. `choices` are `[label, action, className?]`, the safe one first.
 */
function ConfirmBar({ label, question, choices, onClose }) {
  const ref = useDialogFocus(onClose);
  return html`<span class="confirm" role="alertdialog" aria-modal="true" aria-label=${label} ref=${ref}>${question}
    ${choices.map(([text, action, className]) => html` <button type="button" class=${className}
      onClick=${() => { onClose(); action(); }}>${text}</button>`)}</span>`;
}

/**
 * A button that asks first when `ask` says so (else it acts at once). The question's safe choice
 * ("Keep it", "Cancel") is added here, first.
 *
 * @example
 * html`<${AskingButton} text="Delete" className="danger" label="Confirm delete" question="Delete this document?"
 *   choices=${[['Delete for good', remove, 'danger']]} safe="Keep it" />`
 */
export function AskingButton({ text, className, disabled, title, label, question, choices, safe, ask = true, onClick }) {
  const [asking, setAsking] = useState(false);
  const open = () => (ask ? setAsking(true) : onClick());
  return html`<button type="button" class=${className} disabled=${disabled} title=${title} aria-expanded=${ask ? asking : undefined}
    onClick=${open}>${text}</button>${asking && html`<${ConfirmBar} label=${label} question=${question}
    choices=${[[safe, () => {}], ...choices]} onClose=${() => setAsking(false)} />`}`;
}
