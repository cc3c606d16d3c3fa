import { useEffect, useState } from 'preact/hooks';
import { useAnnounced } from './announce.js';
import { usePageTitle } from './page-title.js';
import { html } from './html.js';
import { prefix, request } from './api.js';
import { labelOf } from './label.js';
import { ListFilters, readFilters, toStrapiFilters } from './list-filters.js';
import { StateBadge, usePublication } from './publication.js';
import { href, navigate, parseHash } from './router.js';

const PAGE_SIZES = [10, 20, 50, 100];
const GIT_LABELS = { modified: 'modified', new: 'new' };

/** `sort=title:asc` from the hash, or newest first; only `field:asc|desc` is read. */
function readSort(param) {
  const [field, direction] = (param ?? '').split(':');
  return field && ['asc', 'desc'].includes(direction) ? { field, direction } : { field: 'updatedAt', direction: 'desc' };
}

/**
 * One page of a collection type through `GET <prefix>/<plural>`: search (`_q`), filters by field,
 * sort by a column, page size, locale and status switchers. Only the page asked for is loaded (the
 * server paginates), so 10,000 documents cost what 20 do. The Git state of the page's documents
 * comes from one studio route answering for the whole type (changed documents only). Everything
 * lives in the URL hash, so a reload keeps it.
 */
export function DocumentList({ model, meta, params }) {
  const page = Math.max(1, Number(params.page) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.pageSize)) ? Number(params.pageSize) : 20;
  const status = model.draftAndPublish ? (params.status === 'published' ? 'published' : 'draft') : undefined;
  const sort = readSort(params.sort);
  const filters = readFilters(params.f);
  const [answer, setAnswer] = useState();
  const [states, setStates] = useState();
  const [error, setError] = useState();
  // The search box holds what is typed until it is sent: a list drawn meanwhile (its answer arriving) keeps it.
  const [searchText, setSearchText] = useState(params.q ?? '');
  useEffect(() => setSearchText(params.q ?? ''), [params.q]);
  const announced = useAnnounced(); // "Deleted …": said by the form that led here
  usePageTitle(model.displayName);
  // From the address as it is now, not as it was at this render: two quick changes (clear the
  // search, then pick a locale) must not bring the first one's old value back.
  const go = (changes) => navigate(href(model.pluralName, undefined, { ...parseHash().params, page: undefined, ...changes }));

  useEffect(() => {
    let current = true;
    setError(undefined);
    const query = {
      _q: params.q, filters: toStrapiFilters(filters), locale: params.locale, status,
      sort: [`${sort.field}:${sort.direction}`], pagination: { page, pageSize },
    };
    request('GET', `${prefix}/${model.pluralName}`, { query })
      .then((body) => current && setAnswer(body), (failure) => current && setError(failure.message));
    return () => { current = false; };
  }, [model.pluralName, params.q, params.f, params.locale, status, params.sort, page, pageSize]);
  // The Git states answer for the whole type: asked once per type, not again for each page, sort or search.
  useEffect(() => {
    let current = true;
    // No repository (409) or no access: the column is left out, the list still works.
    request('GET', './api/git/states', { query: { type: model.pluralName } })
      .then((body) => current && setStates(body.data), () => current && setStates(undefined));
    return () => { current = false; };
  }, [model.pluralName]);

  // Draft / Published / Modified and the locales of the documents on this page, from the core.
  const publication = usePublication(model, answer?.data.map((document) => document.documentId) ?? []);
  const pagination = answer?.meta?.pagination;
  const header = (field, label) => {
    const active = sort.field === field;
    const next = active && sort.direction === 'asc' ? 'desc' : 'asc';
    return html`<th aria-sort=${active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" title=${`Sort by ${label}`} onClick=${() => go({ sort: `${field}:${next}` })}>${label}</button></th>`;
  };
  return html`
    <section>
      <header class="page-head">
        <h1>${model.displayName}</h1>
        ${model.actions.includes('create') && html`<a class="button primary"
          href=${href(model.pluralName, 'new', { locale: params.locale })}>New ${model.displayName}</a>`}
      </header>
      ${announced && html`<p class="ok" role="status">${announced}</p>`}
      <div class="toolbar">
        <form role="search" onSubmit=${(event) => { event.preventDefault(); go({ q: new FormData(event.currentTarget).get('q') }); }}>
          <input type="search" name="q" aria-label="Search" placeholder=${`Search ${model.displayName}`} value=${searchText}
            onInput=${(event) => setSearchText(event.currentTarget.value)} />
          <button type="submit">Search</button>
        </form>
        ${model.localized && html`<label>Locale <select aria-label="Locale" value=${params.locale}
          onChange=${(event) => go({ locale: event.currentTarget.value })}>
          ${meta.locales.map((code) => html`<option value=${code}>${code}</option>`)}</select></label>`}
        ${status && html`<label>Status <select aria-label="Status" value=${status}
          onChange=${(event) => go({ status: event.currentTarget.value })}>
          <option value="draft">Draft</option><option value="published">Published</option></select></label>`}
        <label>Per page <select aria-label="Page size" value=${pageSize} onChange=${(event) => go({ pageSize: event.currentTarget.value })}>
          ${PAGE_SIZES.map((size) => html`<option value=${size}>${size}</option>`)}</select></label>
      </div>
      <${ListFilters} model=${model} rows=${filters} onChange=${(rows) => go({ f: rows.length ? JSON.stringify(rows) : undefined })} />
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${answer && html`
        <table class="documents">
          <thead><tr>${header(model.mainField, model.mainField === 'documentId' ? 'Document' : model.mainField)}
            ${model.draftAndPublish && html`<th>State</th>`}${model.localized && html`<th>Locales</th>`}
            ${header('updatedAt', 'Updated')}${states && html`<th>Git</th>`}</tr></thead>
          <tbody>${answer.data.map((document) => html`<tr>
            <td><a href=${href(model.pluralName, document.documentId, { locale: params.locale })}>
              ${labelOf(document, model.mainField)}</a></td>
            ${model.draftAndPublish && html`<td class="state">
              <${StateBadge} state=${publication?.[document.documentId]?.[params.locale ?? '']} /></td>`}
            ${model.localized && html`<td class="locales muted">
              ${Object.keys(publication?.[document.documentId] ?? { [params.locale]: true }).join(' · ')}</td>`}
            <td class="muted">${document.updatedAt ? new Date(document.updatedAt).toLocaleString() : ''}</td>
            ${states && html`<td class="git-state">${states[document.documentId]
              ? html`<span class=${`state state-${states[document.documentId]}`}>${GIT_LABELS[states[document.documentId]]}</span>`
              : html`<span class="muted">unchanged</span>`}</td>`}</tr>`)}
          </tbody>
        </table>
        ${answer.data.length === 0 && html`<p
          class="muted">No documents${params.q ? ` match “${params.q}”` : ''}${filters.length ? ' with these filters' : ''}.</p>`}
        ${pagination && html`<nav class="pager" aria-label="Pages">
          <button type="button" disabled=${page <= 1} onClick=${() => go({ page: page - 1 })}>Previous</button>
          <span>Page ${pagination.page} of ${Math.max(1, pagination.pageCount)} · ${pagination.total} document(s)</span>
          <button type="button" disabled=${page >= pagination.pageCount} onClick=${() => go({ page: page + 1 })}>Next</button>
        </nav>`}`}
    </section>`;
}
