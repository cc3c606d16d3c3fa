import { useState } from 'preact/hooks';
import { html } from './html.js';
import { prefix, request } from './api.js';
import { move, MoveButtons, useDragReorder } from './reorder.js';
import { MediaLibrary, Thumb } from './media-library.js';

/** The alt text typed for a file and not saved yet (`__alt` on the form's file entry: never sent in the body). */
const pendingAlt = (file) => (file.__alt !== undefined && file.__alt !== (file.alternativeText ?? '') ? file.__alt : undefined);

/**
 * Save one file's alt text to the file itself (`POST /api/upload?id=`, fileInfo only); resolves to the
 * file entry. The file is the site's library's (media-library.js): written there from any tab.
 */
export const saveAltText = (file, text) => request(
  'POST', `${prefix}/upload`, { query: { id: file.id }, body: { fileInfo: { alternativeText: text } }, branch: null },
);

/**
 * Every alt text typed in these form values and not saved yet, at any depth (components, zones):
 * the form saves them with the document, so none is lost by saving the form alone.
 */
export function pendingAltTexts(values, found = new Map()) {
  if (Array.isArray(values)) for (const item of values) pendingAltTexts(item, found);
  else if (values && typeof values === 'object') {
    if (typeof values.id === 'number' && pendingAlt(values) !== undefined) found.set(values.id, { file: values, text: pendingAlt(values) });
    else for (const inner of Object.values(values)) pendingAltTexts(inner, found);
  }
  return [...found.values()];
}

/**
 * The alternative text of one chosen file. Typed text belongs to the form (it is saved with the
 * document, and the form counts it as unsaved until then); the button saves it at once.
 */
function AltText({ file, onEdit, onSaved }) {
  const text = file.__alt ?? file.alternativeText ?? '';
  const [state, setState] = useState();
  const save = async () => {
    setState('Saving…');
    try {
      onSaved(await saveAltText(file, text));
      setState('Saved');
    } catch (failure) { setState(failure.message); }
  };
  return html`<span class="alt">
    <input aria-label=${`Alternative text of ${file.name}`} value=${text} onInput=${(event) => {
      onEdit(event.currentTarget.value);
      setState(undefined);
    }} />
    <button type="button" disabled=${pendingAlt(file) === undefined} onClick=${save}>Save alt text</button>
    ${state && html`<span class="hint" role="status">${state}</span>`}
  </span>`;
}

/**
 * A media field: the chosen files with thumbnails, their alt text, remove and (multiple) reorder by buttons or drag,
 * and the library to choose or upload more. The value is the list of file entries; the body sends their ids.
 */
function MediaField({ id, attribute, value, onChange }) {
  const [browsing, setBrowsing] = useState(false);
  const multiple = !!attribute.multiple;
  const replace = (file) => onChange((current) => current.map((other) => (other.id === file.id ? file : other)));
  const reorder = (from, to) => onChange((current) => move(current, from, to));
  const drag = useDragReorder(reorder);
  return html`<div class="media-field">
    <ol class="media-chosen">${value.map((file, index) => html`<li key=${file.id} class="media-item"
      ...${multiple ? drag.target(index) : {}}>
      ${multiple && html`<span class="grip" aria-hidden="true" ...${drag.handle(index, file.name)}>⠿</span>`}
      <${Thumb} file=${file} />
      <span class="media-meta"><span class="tile-name">${file.name}</span><${AltText} key=${file.id} file=${file} onSaved=${replace}
        onEdit=${(text) => onChange((current) => current
          .map((other) => (other.id === file.id ? { ...other, __alt: text } : other)))} /></span>
      <span class="item-tools">
        ${multiple && html`<${MoveButtons} index=${index} count=${value.length} name=${file.name} onMove=${reorder} />`}
        <button type="button" class="danger" aria-label=${`Remove ${file.name}`}
          onClick=${() => onChange((current) => current.filter((other) => other.id !== file.id))}>Remove</button>
      </span></li>`)}
    </ol>
    ${value.length === 0 && html`<p class="muted">No file.</p>`}
    <button id=${id} type="button"
      onClick=${() => setBrowsing(true)}>${multiple ? 'Add files' : value.length ? 'Replace file' : 'Choose a file'}</button>
    ${attribute.allowedTypes?.length ? html` <span class="hint">Allowed: ${attribute.allowedTypes.join(', ')}</span>` : ''}
    ${browsing && html`<${MediaLibrary} allowedTypes=${attribute.allowedTypes} multiple=${multiple} onClose=${() => setBrowsing(false)}
      onChoose=${(files) => {
        setBrowsing(false);
        onChange((current) => (multiple
          ? [...current, ...files.filter((file) => !current.some((other) => other.id === file.id))]
          : files.slice(0, 1)));
      }} />`}
  </div>`;
}

export const mediaWidget = {
  read: (value) => [].concat(value ?? []),
  write: (value, attribute) => (attribute.multiple ? value.map((file) => file.id) : value[0]?.id ?? null),
  draw: (props) => html`<${MediaField} ...${props} />`,
};
