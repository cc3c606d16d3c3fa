import { html } from './html.js';
import { RelationPicker } from './relation-picker.js';
import { labelOf } from './label.js';
import { componentWidget, dynamicZoneWidget } from './component-field.js';
import { mediaWidget } from './media-field.js';
import { uidWidget } from './uid-field.js';
import { blocksWidget } from './blocks-editor.js';
import { markdownWidget } from './markdown-field.js';

// One widget per attribute type: how an API value becomes a form value, how it goes back, and how it is drawn.
// Conversions only reshape input (text → number, local time → ISO); the API alone validates.

const orNull = (value) => (value === '' ? null : value);
const pad = (number) => String(number).padStart(2, '0');
const localDateTime = (iso) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
      + `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};
/**
 * A date and time: the form holds the API's ISO string as read (an unedited save sends it back to
 * the millisecond), the input shows it in local time to the second, and an edit makes a new ISO string.
 */
const dateTime = {
  read: (value) => value ?? '',
  write: orNull,
  draw: ({ id, value, onChange, invalid }) => html`<input id=${id} type="datetime-local" step="1"
    value=${value === '' ? '' : localDateTime(value)} aria-invalid=${invalid}
    onInput=${(event) => { const local = event.currentTarget.value; onChange(local === '' ? '' : new Date(local).toISOString()); }} />`,
};
/** A time: the API's `HH:mm:ss.SSS` kept as read until edited; the input shows it to the second. */
const time = {
  read: (value) => value ?? '',
  write: orNull,
  draw: ({ id, value, onChange, invalid }) => html`<input id=${id} type="time" step="1" value=${value.slice(0, 8)} aria-invalid=${invalid}
    onInput=${(event) => { const typed = event.currentTarget.value; onChange(typed.length === 5 ? `${typed}:00` : typed); }} />`,
};

const input = (type, extra = {}) => ({
  read: (value) => value ?? '',
  write: orNull,
  draw: ({ id, value, onChange, invalid }) => html`<input id=${id} type=${type} value=${value} aria-invalid=${invalid}
    onInput=${(event) => onChange(event.currentTarget.value)} ...${extra} />`,
});
const textarea = (rows) => ({
  read: (value) => value ?? '',
  write: orNull,
  draw: ({ id, value, onChange, invalid }) => html`<textarea id=${id} rows=${rows} aria-invalid=${invalid}
    onInput=${(event) => onChange(event.currentTarget.value)}>${value}</textarea>`,
});
const number = (step) => ({
  read: (value) => (value === null || value === undefined ? '' : String(value)),
  write: (value) => (value === '' ? null : Number(value)),
  draw: ({ id, value, onChange, invalid }) => html`<input id=${id} type="number" step=${step} value=${value} aria-invalid=${invalid}
    onInput=${(event) => onChange(event.currentTarget.value)} />`,
});
const json = {
  read: (value) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)),
  // Text that is not JSON cannot be sent at all: the form reports it at the field before any request.
  write: (value) => {
    if (value.trim() === '') return null;
    try { return JSON.parse(value); } catch { throw new SyntaxError('This is not valid JSON'); }
  },
  draw: ({ id, value, onChange, invalid }) => html`<textarea id=${id} class="code" rows="8" spellcheck=${false} aria-invalid=${invalid}
    onInput=${(event) => onChange(event.currentTarget.value)}>${value}</textarea>`,
};

export const WIDGETS = {
  string: input('text'),
  uid: uidWidget,
  email: input('email'),
  // Never read back (the API does not send it): left empty, it stays as it is.
  password: { ...input('password', { autocomplete: 'new-password' }), read: () => '', hint: 'Left empty, it stays as it is' },
  text: textarea(3),
  richtext: markdownWidget,
  integer: number('1'),
  biginteger: input('text', { inputmode: 'numeric' }),
  float: number('any'),
  decimal: number('any'),
  boolean: {
    // Null (never set) stays null until the box is ticked or cleared.
    read: (value) => (typeof value === 'boolean' ? value : null),
    write: (value) => value,
    draw: ({ id, value, onChange, attribute }) => html`<span class="with-button"><input id=${id} type="checkbox" checked=${value === true}
      onChange=${(event) => onChange(event.currentTarget.checked)} />
      ${value === null ? html`<span class="hint">not set</span>` : !attribute.required && html`<button type="button" class="link"
        aria-label=${`Clear ${attribute.name}`} onClick=${() => onChange(null)}>clear</button>`}</span>`,
  },
  date: input('date'),
  time,
  datetime: dateTime,
  timestamp: dateTime,
  enumeration: {
    read: (value) => value ?? '',
    write: orNull,
    draw: ({ id, value, onChange, attribute, invalid }) => html`<select id=${id} value=${value} aria-invalid=${invalid}
      onChange=${(event) => onChange(event.currentTarget.value)}>
      <option value="">—</option>${attribute.enum.map((option) => html`<option value=${option}>${option}</option>`)}</select>`,
  },
  json,
  blocks: blocksWidget,
  relation: {
    read: (value, attribute) => [].concat(value ?? [])
      .map((item) => ({ documentId: item.documentId, label: labelOf(item, attribute.targetMainField) })),
    write: (value, attribute) => (isToMany(attribute) ? value.map((item) => item.documentId) : value[0]?.documentId ?? null),
    draw: (props) => html`<${RelationPicker} ...${props} many=${isToMany(props.attribute)} />`,
  },
  media: mediaWidget,
  component: componentWidget,
  dynamiczone: dynamicZoneWidget,
};

const isToMany = (attribute) => /ToMany$|^manyWay$/.test(attribute.relation ?? '');

/** Whether the studio can edit this attribute with the caller's rights (a relation needs a readable target). */
export const editable = (attribute) => Object.hasOwn(WIDGETS, attribute.type)
  && (attribute.type !== 'relation' || (attribute.targetReadable && !/^morph/.test(attribute.relation)));
