import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { useDialogFocus } from './dialog-focus.js';
import { prefix, request } from './api.js';

// The media library, over the upload plugin's routes: GET /upload/files/page (search, pages),
// POST /upload (multipart: the files and their fileInfo). Nothing here validates a file: the server does.

const KINDS = { images: /^image\//, videos: /^video\//, audios: /^audio\// };
/** Strapi's `allowedTypes`: images, videos, audios, and `files` for anything else; none means any. */
export function allowed(file, allowedTypes) {
  if (!allowedTypes?.length) return true;
  const kind = Object.keys(KINDS).find((name) => KINDS[name].test(file.mime ?? '')) ?? 'files';
  return allowedTypes.includes(kind);
}

/** The smallest picture of a file (its thumbnail format, else itself) or undefined when it is no image. */
const thumbnailOf = (file) => (/^image\//.test(file.mime ?? '') ? file.formats?.thumbnail?.url ?? file.url : undefined);

/** A file's tile: the thumbnail, or its extension for what is no image. */
export const Thumb = ({ file }) => {
  const src = thumbnailOf(file);
  return src
    ? html`<img src=${src} alt=${file.alternativeText ?? ''} loading="lazy" />`
    : html`<span class="file-ext">${(file.ext ?? '').replace('.', '') || 'file'}</span>`;
};

/**
 * Upload files (multipart, as Strapi's `POST /api/upload`); resolves to the created entries. Media
 * files are the site's, never a change request's: uploads go to the Published site's library
 * (no `Cms-Branch`), from whichever tab, and a change request's documents pick them from there.
 */
function uploadFiles(files, alternativeText) {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  form.append('fileInfo', JSON.stringify(files.length === 1 ? { alternativeText: alternativeText || null } : files.map(() => ({}))));
  return request('POST', `${prefix}/upload`, { body: form, branch: null });
}

const PAGE_SIZE = 12;

/** Whether a drag carries files from the desktop (not a tile or a text). */
const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes('Files');

/**
 * A dialog to choose files: a grid with thumbnails, search by name, pages, and an upload form
 * whose files are chosen at once. Files of a type the field does not allow are shown, disabled.
 */
export function MediaLibrary({ allowedTypes, multiple, onChoose, onClose }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState();
  const [error, setError] = useState();
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState([]);

  useEffect(() => {
    let current = true; // a slower answer for an earlier page or search must not replace this one
    const filters = query ? { name: { $containsi: query } } : undefined;
    request('GET', `${prefix}/upload/files/page`,
      { branch: null, query: { filters, sort: 'createdAt:desc', pagination: { page, pageSize: PAGE_SIZE } } })
      .then((body) => { if (current) { setResult(body); setError(undefined); } }, (failure) => current && setError(failure.message));
    return () => { current = false; };
  }, [query, page]);

  async function upload(event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = form.getAll('files').filter((file) => file.name);
    if (!files.length) return setError('Choose a file to upload.');
    // The field's allowedTypes, said before any upload (the REST API, as Strapi's, does not enforce them).
    const refused = files.filter((file) => !allowed({ mime: file.type }, allowedTypes)).map((file) => file.name);
    if (refused.length) return setError(`${refused.join(', ')}: not allowed here. This field takes ${allowedTypes.join(', ')} only.`);
    setBusy(true);
    try {
      const created = await uploadFiles(files, String(form.get('alternativeText') ?? ''));
      onChoose(multiple ? created : created.slice(0, 1));
    } catch (failure) { setError(failure.message); } finally { setBusy(false); }
  }

  /** Files dropped on the upload form become its chosen files (one, unless the field takes many); Upload sends them. */
  const dropInto = (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    const input = event.currentTarget.elements.files;
    const chosen = new DataTransfer();
    for (const file of [...event.dataTransfer.files].slice(0, multiple ? undefined : 1)) chosen.items.add(file);
    input.files = chosen.files;
    setError(undefined);
  };
  const toggle = (file) => setPicked((current) => (current.some((other) => other.id === file.id)
    ? current.filter((other) => other.id !== file.id)
    : multiple ? [...current, file] : [file]));
  const pagination = result?.meta.pagination;
  const dialog = useDialogFocus(onClose);
  return html`<div class="dialog-backdrop"><section class="dialog media-library" role="dialog" aria-modal="true"
    aria-label="Media library" tabindex="-1" ref=${dialog}>
    <header class="page-head"><h2>Media library</h2><button type="button" aria-label="Close the media library"
      onClick=${onClose}>Close</button></header>
    <form class="toolbar" onSubmit=${(event) => {
      event.preventDefault();
      setPage(1);
      setQuery(new FormData(event.currentTarget).get('q'));
    }}>
      <input type="search" name="q" aria-label="Search files" placeholder="Search by name…" /><button type="submit">Search</button>
    </form>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <ul class="media-grid">${(result?.data ?? []).map((file) => {
      const ok = allowed(file, allowedTypes);
      const selected = picked.some((other) => other.id === file.id);
      return html`<li><button type="button" class=${`tile${selected ? ' selected' : ''}`} aria-pressed=${selected} disabled=${!ok}
        title=${ok ? file.name : `${file.name}: not allowed in this field`} onClick=${() => toggle(file)}>
        <${Thumb} file=${file} /><span class="tile-name">${file.name}</span></button></li>`;
    })}</ul>
    ${pagination && html`<div class="pager"><button type="button" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>Previous</button>
      <span class="muted">Page ${pagination.page} of ${Math.max(pagination.pageCount, 1)} (${pagination.total} files)</span>
      <button type="button" disabled=${page >= pagination.pageCount} onClick=${() => setPage(page + 1)}>Next</button></div>`}
    <footer class="actions"><button type="button" class="primary" disabled=${!picked.length}
      onClick=${() => onChoose(picked)}>Choose ${picked.length || ''}</button></footer>
    <form class="upload" onSubmit=${upload} onDragOver=${(event) => { if (hasFiles(event)) event.preventDefault(); }} onDrop=${dropInto}>
      <h3>Upload <span class="hint">(or drop files here)</span></h3>
      <input type="file" name="files" aria-label="File to upload" multiple=${multiple}
        accept=${allowedTypes?.length && !allowedTypes.includes('files')
          ? allowedTypes.map((kind) => `${kind.replace(/s$/, '')}/*`).join(',')
          : undefined} />
      <input name="alternativeText" aria-label="Alternative text of the upload" placeholder="Alternative text" />
      <button type="submit" disabled=${busy}>${busy ? 'Uploading…' : 'Upload and choose'}</button>
    </form>
  </section></div>`;
}
