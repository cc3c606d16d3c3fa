import { useState } from 'preact/hooks';
import { html } from './html.js';

/** Operators offered per kind of attribute, as Strapi names them; `$null`/`$notNull` take no value. */
const OPERATORS = {
  text: [
    ['$containsi', 'contains'], ['$notContainsi', 'does not contain'], ['$eqi', 'is'], ['$ne', 'is not'], ['$startsWith', 'starts with'],
    ['$endsWith', 'ends with'], ['$null', 'is empty'], ['$notNull', 'is not empty'],
  ],
  ordered: [
    ['$eq', '='], ['$ne', '≠'], ['$lt', '<'], ['$lte', '≤'], ['$gt', '>'], ['$gte', '≥'], ['$null', 'is empty'],
    ['$notNull', 'is not empty'],
  ],
  choice: [['$eq', 'is'], ['$ne', 'is not'], ['$null', 'is empty'], ['$notNull', 'is not empty']],
};
const KIND_OF_TYPE = {
  string: 'text', text: 'text', richtext: 'text', email: 'text', uid: 'text',
  integer: 'ordered', biginteger: 'ordered', float: 'ordered', decimal: 'ordered', date: 'ordered', datetime: 'ordered', time: 'ordered',
  boolean: 'choice', enumeration: 'choice',
};
const NO_VALUE = new Set(['$null', '$notNull']);
const INPUT_TYPES = {
  integer: 'number', biginteger: 'text', float: 'number', decimal: 'number', date: 'date', datetime: 'datetime-local', time: 'time',
};

/**
 * The attributes a list can filter on: scalars (not private ones: REST refuses them, as Strapi does), a readable relation by its
 * target's main field (`author.name`), the id and timestamps.
 */
function filterableFields(model) {
  const own = model.attributes.filter((attribute) => KIND_OF_TYPE[attribute.type] && !attribute.private);
  const related = model.attributes.filter((attribute) => attribute.type === 'relation' && attribute.targetReadable
    && attribute.targetMainField)
    .map((attribute) => ({ name: `${attribute.name}.${attribute.targetMainField}`, type: 'string' }));
  return [
    { name: 'documentId', type: 'string' }, ...own, ...related, { name: 'createdAt', type: 'datetime' },
    { name: 'updatedAt', type: 'datetime' },
  ];
}

/** `author.name` → `{ author: { name: leaf } }`: Strapi's nested filter through a relation. */
const nest = (path, leaf) => path.split('.').reduceRight((inner, key) => ({ [key]: inner }), leaf);

/** The `f` hash parameter (JSON rows `[field, operator, value]`) → rows, dropping anything malformed. */
export function readFilters(param) {
  try {
    const rows = JSON.parse(param ?? '[]');
    return Array.isArray(rows)
      ? rows.filter((row) => Array.isArray(row) && row.length === 3 && row.every((part) => typeof part === 'string'))
      : [];
  } catch { return []; }
}

/**
 * Rows → Strapi's `filters[$and][i][field][operator]=value` (`[author][name][…]` through a relation), as a nested object for api.js's
 * toSearch.
 */
export function toStrapiFilters(rows) {
  if (!rows.length) return undefined;
  return { $and: rows.map(([field, operator, value]) => nest(field, { [operator]: NO_VALUE.has(operator) ? 'true' : value })) };
}

const describe = ([field, operator, value]) => {
  const label = Object.values(OPERATORS).flat().find(([code]) => code === operator)?.[1] ?? operator;
  return `${field} ${label}${NO_VALUE.has(operator) ? '' : ` “${value}”`}`;
};

/** A field chooser, an operator and a value; applied filters are chips that remove themselves. */
export function ListFilters({ model, rows, onChange }) {
  const fields = filterableFields(model);
  const [field, setField] = useState(fields[1]?.name ?? fields[0].name);
  const attribute = fields.find((candidate) => candidate.name === field) ?? fields[0];
  const operators = OPERATORS[KIND_OF_TYPE[attribute.type]];
  const [operator, setOperator] = useState(operators[0][0]);
  const [value, setValue] = useState('');
  const op = operators.some(([code]) => code === operator) ? operator : operators[0][0];

  const add = (event) => {
    event.preventDefault();
    if (!NO_VALUE.has(op) && value === '') return;
    onChange([...rows, [attribute.name, op, NO_VALUE.has(op) ? '' : value]]);
    setValue('');
  };
  const valueInput = attribute.type === 'boolean' || attribute.type === 'enumeration'
    ? html`<select aria-label="Filter value" value=${value} onChange=${(event) => setValue(event.currentTarget.value)}>
        <option value="">value…</option>${(attribute.type === 'boolean' ? ['true', 'false'] : attribute.enum ?? [])
          .map((choice) => html`<option value=${choice}>${choice}</option>`)}</select>`
    : html`<input aria-label="Filter value" type=${INPUT_TYPES[attribute.type] ?? 'text'} value=${value}
      onInput=${(event) => setValue(event.currentTarget.value)} />`;
  return html`
    <form class="filters" aria-label="Filters" onSubmit=${add}>
      <select aria-label="Filter field" value=${attribute.name}
        onChange=${(event) => { setField(event.currentTarget.value); setValue(''); }}>
        ${fields.map((candidate) => html`<option value=${candidate.name}>${candidate.name}</option>`)}</select>
      <select aria-label="Filter operator" value=${op} onChange=${(event) => setOperator(event.currentTarget.value)}>
        ${operators.map(([code, label]) => html`<option value=${code}>${label}</option>`)}</select>
      ${!NO_VALUE.has(op) && valueInput}
      <button type="submit">Add filter</button>
    </form>
    ${rows.length > 0 && html`<ul class="filter-chips"
      aria-label="Active filters">${rows.map((row, at) => html`<li class="chip">${describe(row)}
      <button type="button" aria-label=${`Remove filter ${describe(row)}`}
        onClick=${() => onChange(rows.filter((_, other) => other !== at))}>×</button></li>`)}</ul>`}`;
}
