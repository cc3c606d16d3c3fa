import { writeFields } from './field.js';
import { pendingAltTexts } from './media-field.js';

// What the form holds once a write is answered. The editor may have typed on while the request was
// under way (a slow link, a held write, a quick typist): those keystrokes are never replaced.

/** What one field's value writes, as JSON text; undefined when it cannot be sent (or, a password left empty, is not sent). */
function written(attribute, value) {
  const { data, problems } = writeFields([attribute], { [attribute.name]: value });
  return Object.keys(problems).length || !Object.hasOwn(data, attribute.name) ? undefined : JSON.stringify(data[attribute.name]);
}

/**
 * The form values after a write: a field edited since the request left (its value is no longer the
 * object sent: every edit makes a new one) keeps what the editor typed; every other field takes the
 * server's answer, and keeps its own value when the answer writes the same and holds no alt text
 * that the write saved (so a widget keeps its items' keys, its caret and its undo history). `sent`
 * are the values the request was made from, `now` the form's values when the answer came, `answer`
 * the saved document as form values.
 *
 * @example
 * valuesAfterWrite(attributes, { sent: { title: 'A' }, now: { title: 'AB' }, answer: { title: 'A' } }) // { title: 'AB' }
 */
export function valuesAfterWrite(attributes, { sent, now, answer }) {
  const next = { ...now };
  for (const attribute of attributes) {
    const { name } = attribute;
    if (!Object.hasOwn(answer, name) || !Object.hasOwn(now, name) || now[name] !== sent[name]) continue;
    const theirs = written(attribute, answer[name]);
    // An alt text typed into the field was saved with the write: the answer's file entries carry it now.
    const same = theirs !== undefined && theirs === written(attribute, now[name]) && !pendingAltTexts(now[name]).length;
    if (!same) next[name] = answer[name];
  }
  return next;
}

/** The names of the fields edited since the request left: they stay unsaved after the answer. */
export const editedSince = (attributes, sent, now) => attributes
  .filter(({ name }) => Object.hasOwn(now, name) && now[name] !== sent[name]).map(({ name }) => name);
