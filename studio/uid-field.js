import { useContext, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { EntryContext, FormContext } from './form-context.js';

/**
 * A uid input with "Generate": the server makes the value from the attribute's `targetField`
 * (`POST ./api/uid/generate`, the rule a write applies), so the studio holds no slug code.
 */
function UidField({ id, attribute, value, onChange, invalid }) {
  const form = useContext(FormContext);
  // Inside a component the targetField is a sibling in the same entry, and the server is told which component.
  const entry = useContext(EntryContext);
  const [problem, setProblem] = useState();
  const canGenerate = attribute.targetField && form.model;
  const generate = async () => {
    setProblem(undefined);
    try {
      const data = { [attribute.targetField]: (entry ?? form).values?.[attribute.targetField] };
      const where = entry ? { component: entry.component } : { documentId: form.documentId, locale: form.locale };
      const answer = await request('POST', './api/uid/generate', { body: { contentType: form.model.uid, field: attribute.name, data, ...where } });
      if (answer.data === null) setProblem(`Fill in ${attribute.targetField} first.`);
      else onChange(answer.data);
    } catch (failure) { setProblem(failure.message); }
  };
  return html`<span class="with-button">
    <input id=${id} type="text" value=${value} aria-invalid=${invalid} onInput=${(event) => onChange(event.currentTarget.value)} />
    ${canGenerate && html`<button type="button" onClick=${generate} title=${`From ${attribute.targetField}`}>Generate</button>`}
    ${problem && html`<span class="hint" role="status">${problem}</span>`}
  </span>`;
}

export const uidWidget = {
  read: (value) => value ?? '',
  write: (value) => (value === '' ? null : value),
  draw: (props) => html`<${UidField} ...${props} />`,
};
