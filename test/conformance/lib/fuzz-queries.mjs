// Random REST queries over a schema set: filters with every operator on every attribute type
// (through relations and components, under $and/$or/$not), sort, fields, both paginations, populate
// in every shape (`on` for zones included), locale and status; valid and invalid alike.
import { reachable, isScalar } from './fuzz-schemas.mjs';
import { badScalarValue, scalarValue } from './fuzz-values.mjs';

export const OPERATORS = ['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between', '$contains',
  '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$null', '$notNull'];
const IDENTITY_OPERATORS = ['$eq', '$ne', '$in', '$notIn', '$null', '$notNull'];
const SYSTEM = { id: { type: 'integer' }, documentId: { type: 'string' }, createdAt: { type: 'datetime' },
  updatedAt: { type: 'datetime' } };
const FILE_ATTRIBUTES = {
  name: { type: 'string' }, alternativeText: { type: 'string' }, caption: { type: 'string' }, width: { type: 'integer' },
  height: { type: 'integer' },
  mime: { type: 'string' }, ext: { type: 'string' }, size: { type: 'decimal' }, url: { type: 'string' },
};

/**
 * `{ filters: { a: { $eq: 'x' } } }` → `filters[a][$eq]=x`: bracket keys literal, values encoded as a
 * client library sends them.
 */
export function toQuery(params) {
  const parts = [];
  const walk = (value, key) => {
    if (Array.isArray(value)) value.forEach((item, at) => walk(item, `${key}[${at}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}[${k}]` : k);
    else parts.push(`${key}=${encodeURIComponent(String(value)).replace(/%40/g, '@')}`);
  };
  walk(params, '');
  return parts.join('&');
}

const attributesOf = (set, uid) => (uid === 'plugin::upload.file' ? FILE_ATTRIBUTES : set.byUid.get(uid)?.attributes ?? {});

/** A leaf to filter or sort on: its path through relations and components, and its attribute. */
function leaf(set, uid, attributes, r, depth, pathUid = uid) {
  const own = { ...attributes, ...(depth === 0 ? SYSTEM : {}) };
  const names = Object.keys(own).filter((name) => own[name].type !== 'customField');
  for (let tries = 0; tries < 4; tries++) {
    const name = r.pick(names);
    const attribute = own[name];
    if (isScalar(attribute) || SYSTEM[name]) return { path: [name], attribute, uid: pathUid };
    if (depth >= 2) continue;
    if ((attribute.type === 'relation' && reachable(set, attribute)) || attribute.type === 'media') {
      const target = attribute.type === 'media' ? 'plugin::upload.file' : attribute.target;
      const inner = leaf(set, target, attributesOf(set, target), r, depth + 1, target);
      return { ...inner, path: [name, ...inner.path] };
    }
    if (attribute.type === 'component' && set.components.has(attribute.component)) {
      const inner = leaf(set, uid, set.components.get(attribute.component).attributes, r, depth + 1, pathUid);
      return { ...inner, path: [name, ...inner.path], component: true };
    }
    if (attribute.type === 'dynamiczone' && r.chance(0.2)) return { path: [name, 'nope'], attribute: { type: 'string' }, uid: pathUid };
  }
  return { path: [r.chance(0.5) ? 'id' : 'nope'], attribute: { type: 'integer' }, uid };
}

function oneValue(pool, found, r) {
  const known = pool.values(found.uid, found.component ? found.path.slice(1).join('.') : found.path.join('.'));
  const roll = r.next();
  // (no id a row has: the servers number rows differently)
  if (found.path.at(-1) === 'id') return r.pick(['999999', '0', 'abc']);
  if (found.path.at(-1) === 'documentId') {
    const docs = pool.docs.get(found.uid) ?? [];
    return docs.length && roll < 0.8 ? `@@${r.pick(docs)}` : 'nope';
  }
  if (known.length && roll < 0.6) {
    const value = r.pick(known);
    return r.chance(0.2) && value.length > 2 ? value.slice(1, -1) : value;
  }
  if (roll < 0.9) { const value = scalarValue(found.attribute, r, r.int(5)); return typeof value === 'object' ? 'x' : value; }
  const bad = badScalarValue(found.attribute, r);
  return typeof bad === 'object' ? 'abc' : bad;
}

function condition(set, uid, pool, r) {
  const found = leaf(set, uid, attributesOf(set, uid), r, 0);
  // numeric ids and documentIds differ between the servers by design: only equality questions compare
  const identity = ['id', 'documentId'].includes(found.path.at(-1));
  const operator = r.chance(0.05) ? r.pick(['$nope', '$regex', '$exists']) : r.pick(identity ? IDENTITY_OPERATORS : OPERATORS);
  let value;
  if (operator === '$null' || operator === '$notNull') value = r.pick(['true', 'false', 'true', '1']);
  else if (['$in', '$notIn', '$between'].includes(operator)) value = [oneValue(pool, found, r), oneValue(pool, found, r)];
  else value = oneValue(pool, found, r);
  const nested = {};
  let at = nested;
  found.path.slice(0, -1).forEach((part) => { at[part] = {}; at = at[part]; });
  // the implicit $eq (`filters[a]=x`) now and then
  at[found.path.at(-1)] = operator === '$eq' && r.chance(0.15) ? value : { [operator]: value };
  return nested;
}

function filters(set, uid, pool, r, depth = 0) {
  const kind = depth < 2 ? r.weighted({ plain: 6, and: 2, or: 2, not: 1 }) : 'plain';
  if (kind === 'plain') return condition(set, uid, pool, r);
  const list = Array.from({ length: 1 + r.int(3) }, () => filters(set, uid, pool, r, depth + 1));
  if (kind === 'not') return { $not: list[0] };
  return { [`$${kind}`]: list };
}

const scalarNames = (attributes) => Object.keys(attributes).filter((name) => isScalar(attributes[name]));

function sort(set, type, r) {
  const names = scalarNames(type.attributes);
  const one = () => {
    const roll = r.next();
    if (roll < 0.7 && names.length) return `${r.pick(names)}${r.pick(['', ':asc', ':desc', ':DESC'])}`;
    if (roll < 0.85) {
      const relation = Object.entries(type.attributes)
        .find(([, a]) => a.type === 'relation' && reachable(set, a) && set.byUid.has(a.target));
      const targetNames = relation ? scalarNames(attributesOf(set, relation[1].target)) : [];
      if (targetNames.length) return `${relation[0]}.${r.pick(targetNames)}`;
    }
    // (never by id, documentId or a timestamp: their order differs between the servers by design)
    return r.pick(['nope', `${names[0] ?? 'nope'}:sideways`, 'title.nope']);
  };
  return r.chance(0.7) ? one() : [one(), one()];
}

function fields(type, r) {
  const names = scalarNames(type.attributes);
  const chosen = names.length ? r.some(names, 3) : ['id'];
  if (r.chance(0.1)) chosen.push(r.pick(['nope', 'documentId', 'id', 'locale', ...Object.keys(type.attributes)]));
  return r.chance(0.15) ? chosen.join(',') : chosen;
}

function pagination(r) {
  const odd = () => r.pick(['0', '-1', 'abc', '1000', '1.5']);
  if (r.chance(0.5)) return { page: r.chance(0.9) ? r.between(1, 3) : odd(), pageSize: r.chance(0.9) ? r.between(1, 10) : odd(),
    ...(r.chance(0.2) ? { withCount: r.pick(['false', 'true', 'x']) } : {}) };
  if (r.chance(0.9)) return { start: r.between(0, 4), limit: r.chance(0.9) ? r.between(1, 10) : odd() };
  return { start: 1, page: 2 };
}

const populatable = (set, attributes) => Object.keys(attributes).filter((name) => {
  const a = attributes[name];
  return a.type === 'component' || a.type === 'dynamiczone' || a.type === 'media' || (a.type === 'relation' && reachable(set, a));
});

/** One attribute's populate entry: `true`, `*`, or an object with fields, sort, filters, populate (or `on` for a zone). */
function populateEntry(set, attribute, pool, r, depth) {
  if (r.chance(0.35) || depth > 2) return r.pick([true, '*', 'true']);
  if (attribute.type === 'dynamiczone') {
    if (r.chance(0.3)) return { populate: '*' };
    const on = {};
    for (const uid of r.some([...attribute.components, ...(r.chance(0.1) ? ['nope.nope'] : [])], 2)) {
      const component = set.components.get(uid);
      on[uid] = component && r.chance(0.6) ? populateObject(set, component.attributes, undefined, pool, r, depth + 1) : true;
    }
    return { on };
  }
  const target = attribute.type === 'component' ? set.components.get(attribute.component)?.attributes
    : attribute.type === 'media' ? FILE_ATTRIBUTES : attributesOf(set, attribute.target);
  const uid = attribute.type === 'relation' ? attribute.target : attribute.type === 'media' ? 'plugin::upload.file' : undefined;
  return populateObject(set, target ?? {}, uid, pool, r, depth + 1);
}

function populateObject(set, attributes, uid, pool, r, depth) {
  const out = {};
  const names = scalarNames(attributes);
  if (names.length && r.chance(0.5)) out.fields = r.some(names, 2);
  if (uid && set.byUid.has(uid) && r.chance(0.2)) out.filters = condition(set, uid, pool, r);
  if (names.length && r.chance(0.2)) out.sort = `${r.pick(names)}${r.pick(['', ':desc'])}`;
  const inner = populatable(set, attributes);
  if (inner.length && r.chance(0.4)) out.populate = populate(set, attributes, pool, r, depth);
  return out;
}

function populate(set, attributes, pool, r, depth = 0) {
  const names = populatable(set, attributes);
  if (!names.length || r.chance(0.1)) return r.pick(['*', 'nope', 'true']);
  const shape = r.weighted({ star: 2, name: 2, list: 1, dotted: 1, object: 5 });
  if (shape === 'star') return '*';
  if (shape === 'name') return r.pick(names);
  if (shape === 'list') return r.some(names, 3);
  if (shape === 'dotted') {
    const first = r.pick(names);
    const a = attributes[first];
    const next = a.type === 'component' ? set.components.get(a.component)?.attributes
      : a.type === 'relation' ? attributesOf(set, a.target) : undefined;
    const deeper = next ? populatable(set, next) : [];
    return deeper.length ? `${first}.${r.pick(deeper)}` : first;
  }
  const out = {};
  for (const name of r.some(names, 3)) out[name] = populateEntry(set, attributes[name], pool, r, depth);
  return out;
}

/** The query of a read: a random subset of every parameter Strapi's REST API takes. */
export function readQuery(set, type, pool, r, { list }) {
  const params = {};
  if (list && r.chance(0.6)) params.filters = filters(set, type.uid, pool, r);
  if (list && r.chance(0.6)) params.sort = sort(set, type, r);
  if (r.chance(0.5)) params.fields = fields(type, r);
  if (list && r.chance(0.4)) params.pagination = pagination(r);
  if (r.chance(0.55)) params.populate = populate(set, type.attributes, pool, r);
  if (type.localized && r.chance(0.35)) params.locale = r.pick([...set.locales, ...set.locales, '*', 'xx']);
  if (type.draftAndPublish && r.chance(0.3)) params.status = r.pick(['draft', 'published', 'draft', 'published', 'bogus']);
  if (r.chance(0.03)) params[r.pick(['nope', 'publicationState', '_q'])] = r.pick(['1', 'live', 'x']);
  return toQuery(params);
}
