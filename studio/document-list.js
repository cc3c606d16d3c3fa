import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { prefix, request } from './api.js';
import { labelOf } from './label.js';
import { href, navigate } from './router.js';

const PAGE_SIZE = 20;


/**
 * One page of a collection type through `GET <prefix>/<plural>`: search (`_q`), locale and status
 * switchers, pagination. The switchers live in the URL hash, so a reload keeps them.
 */
export function DocumentList({ model, meta, params }) {
  const page = Math.max(1, Number(params.page) || 1);
  const status = model.draftAndPublish ? (params.status === 'published' ? 'published' : 'draft') : undefined;
  const [answer, setAnswer] = useState();
  const [error, setError] = useState();
  const go = (changes) => navigate(href(model.pluralName, undefined, { ...params, page: undefined, ...changes }));

  useEffect(() => {
    let current = true;
    setError(undefined);
    request('GET', `${prefix}/${model.pluralName}`, { query: { _q: params.q, locale: params.locale, status, sort: ['updatedAt:desc'], pagination: { page, pageSize: PAGE_SIZE } } })
      .then((body) => current && setAnswer(body), (failure) => current && setError(failure.message));
    return () => { current = false; };
  }, [model.pluralName, params.q, params.locale, status, page]);

  const pagination = answer?.meta?.pagination;
  return html`
    <section>
      <header class="page-head">
        <h1>${model.displayName}</h1>
        ${model.actions.includes('create') && html`<a class="button primary" href=${href(model.pluralName, 'new', { locale: params.locale })}>New ${model.displayName}</a>`}
      </header>
      <div class="toolbar">
        <form role="search" onSubmit=${(event) => { event.preventDefault(); go({ q: new FormData(event.currentTarget).get('q') }); }}>
          <input type="search" name="q" aria-label="Search" placeholder=${`Search ${model.displayName}`} value=${params.q ?? ''} />
          <button type="submit">Search</button>
        </form>
        ${model.localized && html`<label>Locale <select aria-label="Locale" value=${params.locale} onChange=${(event) => go({ locale: event.currentTarget.value })}>
          ${meta.locales.map((code) => html`<option value=${code}>${code}</option>`)}</select></label>`}
        ${status && html`<label>Status <select aria-label="Status" value=${status} onChange=${(event) => go({ status: event.currentTarget.value })}>
          <option value="draft">Draft</option><option value="published">Published</option></select></label>`}
      </div>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${answer && html`
        <table class="documents">
          <thead><tr><th>${model.mainField === 'documentId' ? 'Document' : model.mainField}</th><th>Updated</th></tr></thead>
          <tbody>${answer.data.map((document) => html`<tr>
            <td><a href=${href(model.pluralName, document.documentId, { locale: params.locale })}>${labelOf(document, model.mainField)}</a></td>
            <td class="muted">${document.updatedAt ? new Date(document.updatedAt).toLocaleString() : ''}</td></tr>`)}
          </tbody>
        </table>
        ${answer.data.length === 0 && html`<p class="muted">No documents${params.q ? ` match “${params.q}”` : ''}.</p>`}
        ${pagination && html`<nav class="pager" aria-label="Pages">
          <button type="button" disabled=${page <= 1} onClick=${() => go({ page: page - 1 })}>Previous</button>
          <span>Page ${pagination.page} of ${Math.max(1, pagination.pageCount)} · ${pagination.total} document(s)</span>
          <button type="button" disabled=${page >= pagination.pageCount} onClick=${() => go({ page: page + 1 })}>Next</button>
        </nav>`}`}
    </section>`;
}
