import { useState } from 'preact/hooks';
import { html } from './html.js';
import { componentAttributes, components, itemKey } from './components.js';
import { apply, FormProblems, hasErrorUnder, schemaDefaults } from './form-values.js';
import { ItemList } from './item-list.js';
import { EntryContext } from './form-context.js';

// Components (single and repeatable) and dynamic zones: nested forms drawn from the component
// schemas, at any depth. Form values carry a `__key` (and `__component` in a zone) that only the
// studio uses; the body sent is the plain object the API expects, without the component ids.
// `form` is the field module's { readFields, writeFields, Fields }, lent to the widget.

/** One component's form values from its API object. */
const readItem = (uid, source, form) => ({ __key: itemKey(), ...form.readFields(componentAttributes(uid), source ?? {}) });

/** A new entry: the component's schema defaults filled in, as a new document's are. */
const newItem = (uid, form) => readItem(uid, schemaDefaults(componentAttributes(uid)), form);

/** One component's API object from its form values; problems (JSON syntax) are thrown with their paths. */
function writeItem(uid, values, path, form) {
  const { data, problems } = form.writeFields(componentAttributes(uid), values, path);
  if (Object.keys(problems).length) throw new FormProblems(problems);
  return data;
}

/** A short title for a list item: its first non-empty text field, else its position. */
function itemTitle(uid, item, index) {
  const name = components.get(uid)?.displayName ?? uid;
  const text = componentAttributes(uid).filter((attribute) => ['string', 'text', 'email', 'uid'].includes(attribute.type))
    .map((attribute) => item[attribute.name]).find((value) => value);
  return `${name} ${index + 1}${text ? `: ${String(text).slice(0, 60)}` : ''}`;
}

/** Nested fields of one component item, changing that item in place; its fields see the entry (a uid's targetField is a sibling). */
const itemFields = ({ uid, item, errors, path, locale, onItem, form }) =>
  html`<${EntryContext.Provider} value=${{ component: uid, values: item }}>
  <${form.Fields} attributes=${componentAttributes(uid)} values=${item} errors=${errors} path=${path} locale=${locale}
    onChange=${onItem} /></${EntryContext.Provider}>`;

/** The updater of entry `index` of a list from its fields' updater. */
const updateAt = (onChange, index) => (next) => onChange((current) => current.map((other, at) => (at === index
  ? apply(next, other)
  : other)));

function ComponentField({ attribute, value, onChange, errors, path, locale, form }) {
  const uid = attribute.component;
  const name = components.get(uid)?.displayName ?? uid;
  if (!attribute.repeatable) {
    if (!value) return html`<button type="button" onClick=${() => onChange(newItem(uid, form))}>Add ${name}</button>`;
    return html`<fieldset class="component">
      ${itemFields({ uid, item: value, errors, path, locale, form, onItem: onChange })}
      <button type="button" class="danger" onClick=${() => onChange(null)}>Remove ${name}</button>
    </fieldset>`;
  }
  return html`<${ItemList} items=${value} path=${path} onChange=${onChange} min=${attribute.min} max=${attribute.max}
    title=${(item, index) => itemTitle(uid, item, index)} hasError=${(index) => hasErrorUnder(errors, [...path, index])}
    render=${(item, index) => itemFields({ uid, item, errors, path: [...path, index], locale, form, onItem: updateAt(onChange, index) })}>
    <button type="button"
      onClick=${() => onChange((current) => [...current, newItem(uid, form)])}>Add an entry to ${attribute.name}</button>
  </${ItemList}>`;
}

function DynamicZoneField({ attribute, value, onChange, errors, path, locale, form }) {
  const [chosen, setChosen] = useState(attribute.components[0]);
  const add = () => onChange((current) => [...current, { ...newItem(chosen, form), __component: chosen }]);
  return html`<${ItemList} items=${value} path=${path} onChange=${onChange} min=${attribute.min} max=${attribute.max}
    title=${(item, index) => itemTitle(item.__component, item, index)} hasError=${(index) => hasErrorUnder(errors, [...path, index])}
    render=${(item, index) => (item.__raw
      ? html`<p class="muted">Component ${item.__component} is not in the schemas: kept as it is.</p>`
      : itemFields({ uid: item.__component, item, errors, path: [...path, index], locale, form, onItem: updateAt(onChange, index) }))}>
    <select aria-label=${`Component to add to ${attribute.name}`} value=${chosen}
      onChange=${(event) => setChosen(event.currentTarget.value)}>${attribute.components
        .map((uid) => html`<option value=${uid}>${components.get(uid)?.displayName ?? uid}</option>`)}</select>
    <button type="button" onClick=${add}>Add to ${attribute.name}</button>
  </${ItemList}>`;
}

/** Drop the API's component ids: the files hold none, and a write matches components by position. */
const withoutId = ({ id, ...rest }) => rest;

export const componentWidget = {
  nested: true,
  read: (value, attribute, form) => (attribute.repeatable
    ? (value ?? []).map((item) => readItem(attribute.component, item, form))
    : value
    ? readItem(attribute.component, value, form)
    : null),
  write: (value, attribute, path, form) => (attribute.repeatable
    ? value.map((item, index) => writeItem(attribute.component, item, [...path, index], form))
    : value
    ? writeItem(attribute.component, value, path, form)
    : null),
  draw: (props) => html`<${ComponentField} ...${props} />`,
};

export const dynamicZoneWidget = {
  nested: true,
  // A component the schemas do not list is kept exactly as read.
  read: (value, _attribute, form) => (value ?? []).map((item) => (components.has(item.__component)
    ? { ...readItem(item.__component, item, form), __component: item.__component }
    : { __key: itemKey(), __component: item.__component, __raw: withoutId(item) })),
  write: (value, _attribute, path, form) => value.map((item, index) => (item.__raw
    ? item.__raw
    : { __component: item.__component, ...writeItem(item.__component, item, [...path, index], form) })),
  draw: (props) => html`<${DynamicZoneField} ...${props} />`,
};
