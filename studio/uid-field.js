import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { EntryContext, FormContext } from './form-context.js';

/**
 * Whether a changed document uid is free in its locale (`POST ./api/uid/check`), asked once typing
 * pauses. An answer holds until the form saves (`form.saves` counts its writes): the saved value is then the document's own.
 */
function useAvailability(value, form, attribute, enabled) {
  const [answer, setAnswer] = useState();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return undefined; } // the value as read needs no check
    setAnswer(undefined);
    if (!enabled || value === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      request(
        'POST', './api/uid/check',
        { body: { contentType: form.model.uid, field: attribute.name, value, documentId: form.documentId, locale: form.locale } },
      )
        .then((body) => current && setAnswer({ ...body, saves: form.saves }), () => current && setAnswer(undefined));
    }, 300);
    return () => { current = false; clearTimeout(timer); };
  }, [value]);
  return answer?.saves === form.saves ? answer : undefined;
}

/**
 * A uid input with "Generate": the server makes the value from the attribute's `targetField`
 * (`POST ./api/uid/generate`, the rule a write applies), so the studio holds no slug code. A
 * document's own uid, once changed, says whether it is free, and offers a free one when it is not.
 */
function UidField({ id, attribute, value, onChange, invalid }) {
  const form = useContext(FormContext);
  // Inside a component the targetField is a sibling in the same entry, and the server is told which component.
  const entry = useContext(EntryContext);
  const [problem, setProblem] = useState();
  const canGenerate = attribute.targetField && form.model;
  // A uid inside a component is unique nowhere: only a document's own is checked.
  const availability = useAvailability(value, form, attribute, !entry && !!form.model);
  const generate = async () => {
    setProblem(undefined);
    try {
      const data = { [attribute.targetField]: (entry ?? form).values?.[attribute.targetField] };
      const where = entry ? { component: entry.component } : { documentId: form.documentId, locale: form.locale };
      const answer = await request(
        'POST', './api/uid/generate', { body: { contentType: form.model.uid, field: attribute.name, data, ...where } },
      );
      if (answer.data === null) setProblem(`Fill in ${attribute.targetField} first.`);
      else onChange(answer.data);
    } catch (failure) { setProblem(failure.message); }
  };
  return html`<span class="with-button">
    <input id=${id} type="text" value=${value} aria-invalid=${invalid} onInput=${(event) => onChange(event.currentTarget.value)} />
    ${canGenerate && html`<button type="button" onClick=${generate} title=${`From ${attribute.targetField}`}>Generate</button>`}
    ${problem && html`<span class="hint" role="status">${problem}</span>`}
    ${availability && (availability.isAvailable
      ? html`<span class="hint available" role="status">Available</span>`
      : html`<span class="hint taken" role="status">Taken by another document
          <button type="button" class="link"
            onClick=${() => onChange(availability.suggestion)}>Use ${availability.suggestion}</button></span>`)}
  </span>`;
}

export const uidWidget = {
  read: (value) => value ?? '',
  write: (value) => (value === '' ? null : value),
  draw: (props) => html`<${UidField} ...${props} />`,
};
