// The requests of the fuzzer (bench/fuzz.mjs), built from a site's own schemas: real field paths through
// relations, components and dynamic zones next to unknown ones, every filter operator, bracket syntax at any
// depth, junk percent-encodings, huge and odd numbers, and hostile write bodies. Half of them are plausible
// (real paths, known operators, typed values) so that they reach execution, not only validation.

const OPERATORS = ['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains', '$containsi',
  '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi'];
const LOGICAL = ['$and', '$or', '$not'];
const HOSTILE_VALUES = [null, '', 0, -1, 1e308, true, [], {}, 'x'.repeat(3000), '\u0000', { __proto__: null, polluted: 1 },
  Number.MAX_SAFE_INTEGER + 2];
const MALFORMED_KEYS = ['filters[', 'filters]', 'filters[[title]]', 'filters[title', 'populate[]', '[]', '[filters]', 'filters[][title]',
  'sort[]'];
const JUNK_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', '$regex', '$foo', '', ' ', 'a.b',
  '*', '-1', '1e3', '99999999999', 'id', 'documentId', 'locale', 'createdAt', 'publishedAt', 'password', 'on', 'populate', 'fields',
  'filters', 'sort', 'count'];
const NUMBERS = ['0', '-0', '1', '-1', '1.5', '1e308', '-1e308', '1e-320', '9007199254740993', '99999999999999999999999999999', 'NaN',
  'Infinity', '-Infinity',  '0x10', '1_000', ' 1', '1 ', '+1', '.5', '5.', '00012', '2147483648', '-2147483649', '1e21'];
const STRINGS = ['', ' ', 'a', 'Rome', 'rome', '%', '_', '\\', "'", '"', '`', '<script>alert(1)</script>', '../../etc/passwd', '..%2f..%2f',
  '😀', 'Ω≈ç√∫', 'e\u0301', '\u202e', 'true', 'false', 'null', 'undefined', '[]', '{}', '2025-01-01', '2025-13-45',
  '2025-01-01T25:61:61Z', '12:30', '24:00:00.000',
  'x'.repeat(300), 'y'.repeat(5000), 'draft', 'published', 'en', 'fr', 'xx', 'asc', 'desc', 'title:asc', 'title:sideways', '*'];
// Percent-encodings that decoders disagree on: truncated, non-hex, overlong UTF-8, lone surrogates, double encoding, NUL.
const JUNK_ENCODINGS = ['%', '%z', '%zz', '%2', '%%', '%C0%AF', '%C0%AE%C0%AE%2F', '%ED%A0%80', '%F4%90%80%80', '%FF', '%252e%252e', '%00',
  '%0A%0D',  '%u002e', '+', '%2B', '%5B', '%5D', '%5B%5D', '%26', '%3D', '%E2%80%AE'];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const chance = (rand, p) => rand() < p;
/**
 * Half the requests are hostile; the other half are plausible (real paths, known operators, values of the
 * right type), so that they pass validation and reach the execution of filters, sorts and populates.
 */
const mode = { hostile: true };
const junk = (rand, p) => mode.hostile && rand() < p;
const int = (rand, max) => Math.floor(rand() * max);

/** What the fuzzer knows of the site: its content types, attributes and some real document ids. */
export function siteShape(cms) {
  const models = [...cms.models.values()];
  const types = models.filter((model) => model.modelType === 'contentType' && model.uid.startsWith('api::'));
  const ids = types.flatMap((model) => cms.index.rows(model.uid).slice(0, 5).map((row) => row.documentId));
  return { models: new Map(models.map((model) => [model.uid, model])), types, ids };
}

/** The model an attribute leads to: a relation's target, a component, one of a dynamic zone's, the media library. */
const targetOf = (rand, attribute) => attribute?.target ?? attribute?.component
  ?? (attribute?.components ? pick(rand, attribute.components) : attribute?.type === 'media' ? 'plugin::upload.file' : undefined);

/** A field path from a model: mostly real names, walking into relations, media, components and dynamic zones; sometimes junk. */
function fieldPath(rand, shape, model, depth = 0) {
  if (!model || junk(rand, 0.08)) return [pick(rand, JUNK_KEYS)];
  const name = pick(rand, [...model.attributeNames, 'id', 'documentId', 'createdAt']);
  const attribute = model.attributes[name] ?? { type: name === 'id' ? 'integer' : name === 'createdAt' ? 'datetime' : 'string' };
  const next = targetOf(rand, attribute);
  const component = ['component', 'dynamiczone'].includes(attribute.type);
  const scalarEnd = !next || (depth > 6 && !component) || (chance(rand, 0.5) && (mode.hostile || !component));
  // A plausible path ends on a scalar (a relation's documentId at least), as a filter or sort needs.
  if (scalarEnd && (mode.hostile || !next)) return Object.assign([name], { attribute });
  if (scalarEnd) return Object.assign([name, 'documentId'], { attribute: { type: 'string' } });
  const rest = fieldPath(rand, shape, shape.models.get(next), depth + 1);
  return Object.assign([name, ...rest], { attribute: rest.attribute });
}

const POPULATABLE = ['relation', 'media', 'component', 'dynamiczone'];
const SCALAR_NAMES = (model) => (model?.attributeNames ?? []).filter((name) => !POPULATABLE.includes(model.attributes[name].type)
  && !model.attributes[name].private  && model.attributes[name].type !== 'password');
/** A field to select or sort by: any name when hostile, a visible scalar when plausible. */
const fieldName = (rand, shape, model) => (mode.hostile || !SCALAR_NAMES(model).length
  ? fieldPath(rand, shape, model)[0] : pick(rand, SCALAR_NAMES(model)));
const order = (rand) => pick(rand, mode.hostile ? ['asc', 'desc', 'ASC', 'up', ''] : ['asc', 'desc']);
/** Values the plausible half sends for the other parameters. */
const PLAUSIBLE = { locale: ['en', 'fr'], status: ['draft', 'published'], _q: ['Rome', 'e', 'the'],
  publicationFilter: ['never-published', 'has-published-version'],
  hasPublishedVersion: ['true', 'false'], 'pagination[withCount]': ['true', 'false'] };

/** A value of the right type for an attribute, as a query string holds it. */
function typedValue(rand, attribute) {
  switch (attribute?.type) {
    case 'integer': case 'biginteger': return String(int(rand, 200) - 20);
    case 'float': case 'decimal': return pick(rand, ['1.5', '0', '-2.25', '100']);
    case 'boolean': return pick(rand, ['true', 'false']);
    case 'date': return pick(rand, ['2025-01-01', '2024-12-31']);
    case 'datetime': case 'timestamp': return pick(rand, ['2025-01-10T09:00:00.000Z', '2025-01-01']);
    case 'time': return pick(rand, ['12:30:00', '00:00']);
    case 'enumeration': return pick(rand, attribute.enum ?? ['x']);
    default: return pick(rand, ['Rome', 'rome', 'a', 'e', 'the', 'David', 'x y', '']);
  }
}

function scalar(rand) {
  if (!mode.hostile) return pick(rand, ['1', '2', '10', '25', 'true', 'en', 'fr', 'draft', 'published', 'Rome']);
  if (chance(rand, 0.15)) return pick(rand, JUNK_ENCODINGS);
  return chance(rand, 0.5) ? pick(rand, NUMBERS) : pick(rand, STRINGS);
}

/** `[k1][k2]…=value` pairs for a filter tree: operators on real paths, logical nesting, arrays, deep nesting. */
function filterPairs(rand, shape, model, prefix, depth = 0) {
  const roll = rand();
  if (depth < 4 && roll < 0.2) {
    const logical = pick(rand, LOGICAL);
    const at = logical === '$not' ? '' : `[${chance(rand, 0.1) ? pick(rand, ['99999', '-1', 'x', '']) : int(rand, 3)}]`;
    return filterPairs(rand, shape, model, `${prefix}[${logical}]${at}`, depth + 1);
  }
  if (roll < 0.25 && mode.hostile) {
    // Deep nesting, past every limit.
    return [[`${prefix}${'[title]'.repeat(5 + int(rand, 60))}`, scalar(rand)]];
  }
  const fields = fieldPath(rand, shape, model);
  const path = fields.map((part) => `[${part}]`).join('');
  const operator = junk(rand, 0.1) ? pick(rand, JUNK_KEYS) : pick(rand, OPERATORS);
  const key = `${prefix}${path}[${operator}]`;
  const value = () => {
    if (mode.hostile) return scalar(rand);
    return ['$null', '$notNull'].includes(operator) ? pick(rand, ['true', 'false']) : typedValue(rand, fields.attribute);
  };
  if (['$in', '$notIn', '$between'].includes(operator) || junk(rand, 0.1)) {
    const count = junk(rand, 0.05) ? 150 : operator === '$between' && !mode.hostile ? 2 : int(rand, 4);
    return Array.from({ length: count }, (_, i) => [`${key}[${junk(rand, 0.2) ? pick(rand, ['', '-1', '1e9', 'x']) : i}]`, value()]);
  }
  return [[key, junk(rand, 0.05) ? '' : value()]];
}

function populatePairs(rand, shape, model, prefix = 'populate', depth = 0) {
  const roll = rand();
  if (roll < 0.15) return [[prefix, pick(rand, ['*', 'true', '1', 'false', '', '**', pick(rand, JUNK_KEYS)])]];
  if (roll < 0.25) return [[`${prefix}[${int(rand, 3)}]`, fieldPath(rand, shape, model).join('.')]];
  if (roll < 0.3) return [[`${prefix}${'[populate][author]'.repeat(5 + int(rand, 20))}`, '*']];
  const populatable = (model?.attributeNames ?? []).filter((name) => POPULATABLE.includes(model.attributes[name].type));
  const anyName = () => (model ? pick(rand, [...model.attributeNames, pick(rand, JUNK_KEYS)]) : pick(rand, JUNK_KEYS));
  const name = !mode.hostile && populatable.length ? pick(rand, populatable) : anyName();
  const attribute = model?.attributes[name];
  const key = `${prefix}[${name}]`;
  if (attribute?.type === 'dynamiczone' && chance(rand, 0.6)) {
    const component = chance(rand, 0.8) ? pick(rand, attribute.components ?? ['x.y']) : pick(rand, JUNK_KEYS);
    return [[`${key}[on][${component}][populate]`, '*']];
  }
  const target = shape.models.get(attribute?.target ?? attribute?.component ?? (attribute?.type === 'media' ? 'plugin::upload.file' : ''));
  const inner = rand();
  if (inner < 0.3) return [[key, pick(rand, ['*', 'true', '1', 'x'])]];
  if (inner < 0.5) return [[`${key}[fields][${int(rand, 3)}]`, fieldName(rand, shape, target)]];
  if (inner < 0.6) return filterPairs(rand, shape, target, `${key}[filters]`);
  if (inner < 0.7) return [[`${key}[sort]`, `${fieldName(rand, shape, target)}:${order(rand)}`]];
  if (inner < 0.75) return [[`${key}[${pick(rand, ['limit', 'start', 'count', 'status', 'locale'])}]`, scalar(rand)]];
  return depth < 6 ? populatePairs(rand, shape, target, `${key}[populate]`, depth + 1) : [[key, '*']];
}

/** One hostile query string for `model`. */
export function fuzzQuery(rand, shape, model) {
  const pairs = [];
  for (let parts = 1 + int(rand, 4); parts > 0; parts--) {
    const roll = mode.hostile ? rand() : rand() * 0.86;
    if (roll < 0.35) pairs.push(...filterPairs(rand, shape, model, 'filters'));
    else if (roll < 0.5) pairs.push(...populatePairs(rand, shape, model));
    else if (roll < 0.6) {
      const path = () => (mode.hostile ? fieldPath(rand, shape, model).join('.') : fieldName(rand, shape, model));
      const sort = () => `${path()}${chance(rand, 0.7) ? `:${order(rand)}` : ''}`;
      if (chance(rand, 0.5)) pairs.push(['sort', Array.from({ length: 1 + int(rand, 3) }, sort).join(',')]);
      else pairs.push([`sort[${int(rand, 3)}]`, sort()]);
    } else if (roll < 0.68) {
      const names = () => Array.from({ length: 1 + int(rand, 3) }, () => fieldName(rand, shape, model)).join(',');
      if (chance(rand, 0.5)) pairs.push(['fields', names()]);
      else pairs.push([`fields[${int(rand, 3)}]`, fieldName(rand, shape, model)]);
    } else if (roll < 0.8) {
      const key = pick(rand, ['pagination[page]', 'pagination[pageSize]', 'pagination[start]', 'pagination[limit]', 'pagination[withCount]',
        'page', 'pageSize', 'start', 'limit']);
      pairs.push([key, mode.hostile ? pick(rand, NUMBERS) : PLAUSIBLE[key]?.[int(rand, 2)] ?? String(1 + int(rand, 30))]);
    } else if (roll < 0.86) {
      const key = pick(rand, ['locale', 'status', '_q', 'publicationFilter', 'hasPublishedVersion']);
      pairs.push([key, mode.hostile ? scalar(rand) : pick(rand, PLAUSIBLE[key])]);
    }
    else if (roll < 0.92) pairs.push([`${pick(rand, JUNK_KEYS)}${'[x]'.repeat(int(rand, 4))}`, scalar(rand)]);
    else pairs.push([pick(rand, MALFORMED_KEYS), scalar(rand)]);
  }
  return pairs.map(([key, value]) => encodePair(rand, key, value)).join(chance(rand, 0.03) ? '&&' : '&');
}

/** Encode a pair as a client might, or as an attacker might: raw brackets, encoded brackets, junk escapes left as they are. */
function encodePair(rand, key, value) {
  const encodedValue = JUNK_ENCODINGS.includes(value) ? value : encodeURIComponent(value);
  const roll = rand();
  let encodedKey = encodeURIComponent(key);
  if (roll < 0.6) encodedKey = key.replace(/[^[\]$\w.-]/g, (c) => encodeURIComponent(c));
  else if (roll >= 0.9 && mode.hostile) encodedKey = encodeURIComponent(encodedKey);
  return junk(rand, 0.03) ? encodedKey : `${encodedKey}=${encodedValue}`;
}

/** A value for an attribute: the right type, a wrong one, or something hostile. */
function attributeValue(rand, shape, attribute, depth = 0) {
  if (!mode.hostile && attribute && !['relation', 'media', 'component', 'dynamiczone', 'json', 'blocks'].includes(attribute.type)) {
    const value = typedValue(rand, attribute);
    if (['integer', 'float', 'decimal'].includes(attribute.type)) return Number(value);
    return attribute.type === 'boolean' ? value === 'true' : value;
  }
  if (junk(rand, 0.25)) return pick(rand, HOSTILE_VALUES);
  switch (attribute?.type) {
    case 'relation': case 'media': {
      const one = () => (chance(rand, 0.7) ? pick(rand, shape.ids) : pick(rand, [1, -1, 'nope', '../x', { documentId: 'x' }, null]));
      const ids = () => Array.from({ length: int(rand, 3) }, one);
      const positioned = { connect: [{ documentId: pick(rand, shape.ids), position: { before: 'x' } }] };
      const shapes = [ids(), { connect: ids() }, { disconnect: ids() }, { set: ids() }, positioned, pick(rand, shape.ids)];
      return pick(rand, shapes);
    }
    case 'component': {
      const model = shape.models.get(attribute.component);
      const one = () => (depth < 4 ? entryData(rand, shape, model, depth + 1) : {});
      return attribute.repeatable ? Array.from({ length: int(rand, 3) }, one) : one();
    }
    case 'dynamiczone':
      return Array.from({ length: int(rand, 3) }, () => {
        const component = chance(rand, 0.8) ? pick(rand, attribute.components ?? ['x.y']) : pick(rand, ['shared.nope', '', '__proto__', 7]);
        return { __component: component, ...(depth < 4 ? entryData(rand, shape, shape.models.get(component), depth + 1) : {}) };
      });
    case 'integer': case 'biginteger': case 'float': case 'decimal':
      return chance(rand, 0.6) ? Number(pick(rand, NUMBERS)) : pick(rand, NUMBERS);
    case 'boolean': return pick(rand, [true, false, 'true', 0, 1, 'yes']);
    case 'json': return chance(rand, 0.1) ? deepObject(50 + int(rand, 200)) : { a: [1, { b: 'c' }] };
    case 'blocks':
      if (chance(rand, 0.3)) return [{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }];
      return [{ type: pick(rand, ['list', 'nope', 'heading']), children: chance(rand, 0.5) ? deepBlocks(40) : 'x' }];
    case 'enumeration': return chance(rand, 0.5) ? pick(rand, attribute.enum ?? ['x']) : scalar(rand);
    default: return chance(rand, 0.7) ? pick(rand, STRINGS) : scalar(rand);
  }
}

const deepObject = (depth) => { let value = {}; for (let i = 0; i < depth; i++) value = { a: value }; return value; };
const deepBlocks = (depth) => {
  let children = [{ type: 'text', text: 'x' }];
  for (let i = 0; i < depth; i++) children = [{ type: 'list-item', children }];
  return children;
};

function entryData(rand, shape, model, depth = 0) {
  const data = {};
  const names = model?.attributeNames ?? [];
  for (let count = int(rand, 5); count > 0; count--) {
    const name = !junk(rand, 0.1) && names.length ? pick(rand, names) : pick(rand, JUNK_KEYS);
    data[name] = attributeValue(rand, shape, model?.attributes[name], depth);
  }
  return data;
}

const BROKEN_BODIES = ['', '{', 'null', '[]', '"x"', '{"data":', '\u0000', '{"data":{"title":"x"}}garbage', '['.repeat(5000),
  `{"data":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`];

/** One hostile write body for `model`, as text. */
export function fuzzBody(rand, shape, model) {
  const roll = mode.hostile ? rand() : 1;
  if (roll < 0.05) return pick(rand, BROKEN_BODIES);
  if (roll < 0.1) return JSON.stringify({ data: pick(rand, [null, 'x', 1, [], [{}]]) });
  if (roll < 0.13) return `{"data":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}`;
  return JSON.stringify({ data: entryData(rand, shape, model) });
}

const CONTENT_TYPES = ['application/json', 'application/json', 'application/json', 'application/json; charset=utf-16', 'text/plain',
  'application/x-www-form-urlencoded', ''];
const BAD_IDS = ['nope', '0', '-1', '99999999999999999999', '%2e%2e', '..%2F..%2Fcms.config.json', 'a%00b', '%zz', 'x'.repeat(300)];

/** One request: method, raw path (never normalised by a URL parser) and optional body. */
export function fuzzRequest(rand, shape) {
  mode.hostile = chance(rand, 0.5);
  const model = pick(rand, shape.types);
  const base = `/api/${model.kind === 'singleType' ? model.singularName : model.pluralName}`;
  const roll = rand();
  const id = () => (chance(rand, 0.8) ? pick(rand, shape.ids) : pick(rand, BAD_IDS));
  const query = () => (chance(rand, 0.9) ? `?${fuzzQuery(rand, shape, model)}` : '');
  if (roll < 0.6) return { method: 'GET', path: `${base}${query()}` };
  if (roll < 0.72) return { method: 'GET', path: `${base}${model.kind === 'singleType' ? '' : `/${id()}`}${query()}` };
  if (roll < 0.74) return { method: 'GET', path: `/api/${pick(rand, JUNK_ENCODINGS)}${pick(rand, ['', '/x', '?a=1'])}` };
  const method = model.kind === 'singleType' ? pick(rand, ['PUT', 'PUT', 'DELETE']) : pick(rand, ['POST', 'POST', 'PUT', 'PUT', 'DELETE']);
  const target = model.kind === 'singleType' || method === 'POST' ? base : `${base}/${id()}`;
  const params = ['status=draft', 'status=published', 'locale=fr', 'locale=xx', 'status=x'];
  const search = chance(rand, 0.3) ? `?${pick(rand, [...params, fuzzQuery(rand, shape, model)])}` : '';
  const path = `${target}${search}`;
  // Deletes are few, or the site would soon be empty.
  if (method === 'DELETE') return { method: chance(rand, 0.2) ? method : 'GET', path };
  return { method, path, body: fuzzBody(rand, shape, model), type: mode.hostile ? pick(rand, CONTENT_TYPES) : 'application/json' };
}
