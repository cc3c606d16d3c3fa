import { useContext } from 'preact/hooks';
import { html } from './html.js';
import { editable, WIDGETS } from './fields.js';
import { FormContext } from './form-context.js';
import { apply } from './form-values.js';

// A form is a list of fields drawn from schema attributes. The same three functions serve a
// document and every component inside it (nested at any depth), each field addressed by its path
// (`seo.metaSocial.0.title`), which is also how the API names a field in its validation errors.
// Widgets that hold fields of their own (components, dynamic zones) get these functions as `form`
// (an argument of read/write, a prop of draw) instead of importing this module back.

/** Form values from an API object (a document or a component): one entry per editable attribute. */
export const readFields = (attributes, source) => Object.fromEntries(attributes.filter(editable).map((attribute) => [
  attribute.name, WIDGETS[attribute.type].read(source?.[attribute.name], attribute, FORM),
]));

/** The API body from form values; input that cannot be sent at all is collected per field path. */
export function writeFields(attributes, values, path = []) {
  const data = {};
  const problems = {};
  for (const attribute of attributes.filter(editable)) {
    if (attribute.type === 'password' && values[attribute.name] === '') continue; // never read back: empty means unchanged
    const at = [...path, attribute.name];
    try {
      data[attribute.name] = WIDGETS[attribute.type].write(values[attribute.name], attribute, at, FORM);
    } catch (error) {
      Object.assign(problems, error.problems ?? { [at.join('.')]: error.message });
    }
  }
  return { data, problems };
}

/** The fields of an API body whose value differs from `before`'s (compared as JSON: both come from the same widgets). */
export const changedFields = (data, before) => Object.fromEntries(Object.entries(data)
  .filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(before[name])));

/**
 * The populate tree that reads every relation, media and component of these attributes, at any
 * depth. A relation reads only its target's main field (the chip's label): a category holding
 * hundreds of articles sends their titles, not the articles.
 */
export function populateFor(attributes, components) {
  const tree = {};
  for (const attribute of attributes.filter(editable)) {
    if (attribute.type === 'relation') tree[attribute.name] = attribute.targetMainField ? { fields: [attribute.targetMainField] } : true;
    if (attribute.type === 'media') tree[attribute.name] = true;
    if (attribute.type === 'component') tree[attribute.name] = componentPopulate(components[attribute.component], components);
    if (attribute.type === 'dynamiczone') {
      tree[attribute.name] = { on: Object.fromEntries(attribute.components.map((uid) => [
        uid, componentPopulate(components[uid], components),
      ])) };
    }
  }
  return tree;
}
function componentPopulate(component, components) {
  const inner = component ? populateFor(component.attributes, components) : {};
  return Object.keys(inner).length ? { populate: inner } : true;
}

/** The message for a field: its own, or (for a widget with no fields inside) the first one below it. */
function errorAt(errors, key, leaf) {
  if (errors[key]) return errors[key];
  if (!leaf) return undefined;
  const below = Object.keys(errors).find((other) => other.startsWith(`${key}.`));
  return below && errors[below];
}

/** In a localized type, a field that is not localized holds one value for every locale (`shared`, sent by the server): saying so. */
function Shared({ attribute }) {
  if (!attribute.shared) return '';
  return html` <span class="shared hint" title="Saving it here changes it in every locale">same in every locale</span>`;
}

/** One field: label, widget, the API's message for its path, and the form's note on it (a related document deleted elsewhere). */
export function Field({ attribute, value, errors, path, onChange, locale }) {
  const key = path.join('.');
  const note = useContext(FormContext).notes?.[key];
  const id = `field-${path.join('-')}`;
  if (!editable(attribute)) {
    const why = attribute.type === 'relation' ? 'you may not read its target' : `type ${attribute.type}`;
    return html`<div class="field readonly" data-field=${key}>
      <span class="label">${attribute.name}</span><span class="muted">${attribute.type}: ${why}</span></div>`;
  }
  const widget = WIDGETS[attribute.type];
  const error = errorAt(errors, key, !widget.nested);
  return html`<div class=${`field field-${attribute.type}${error ? ' has-error' : ''}`} data-field=${key}>
    <label for=${id}>${attribute.name}${attribute.required
      ? html`<span class="required" title="required"> *</span>`
      : ''}${path.length === 1 && html`<${Shared} attribute=${attribute} />`}</label>
    ${widget.draw({ id, value, onChange, attribute, locale, errors, path, form: FORM, invalid: error ? 'true' : undefined })}
    ${widget.hint && html`<span class="hint">${widget.hint}</span>`}
    ${error && html`<p class="field-error" role="alert">${error}</p>`}
    ${note && html`<p class="field-note" role="status">${note}</p>`}
  </div>`;
}

/** The fields of a document or a component; `onChange` receives an updater of the whole `values` object. */
export function Fields({ attributes, values, errors, path = [], onChange, locale }) {
  return attributes.map((attribute) => html`<${Field} key=${attribute.name} attribute=${attribute} value=${values[attribute.name]}
    errors=${errors} path=${[...path, attribute.name]} locale=${locale}
    onChange=${(next) => onChange((current) => ({ ...current, [attribute.name]: apply(next, current[attribute.name]) }))} />`);
}

/** What a nested widget needs to read, write and draw the fields inside it. */
const FORM = { readFields, writeFields, Fields };
