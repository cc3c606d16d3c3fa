// Attribute values and write bodies for the fuzzer: valid ones that honour a schema's rules
// (required, min/max, lengths, regex, unique, enumerations, repeatable counts), and the mistakes a
// client makes (wrong types, values out of range, unknown keys, missing documents).
import { reachable, isScalar } from './fuzz-schemas.mjs';

const WORDS = ['alpha', 'Beta', 'gamma', 'Delta', 'pizza', 'Sushi', 'café', 'tea time', 'x', 'Lorem ipsum', 'hello world', 'zeta'];
const REGEX_CANDIDATES = ['AB-1', 'abc', 'x', 'ab', 'A1', 'value', 'ABC-12', 'a-b', '1', 'Zz9', 'hello'];
const MISSING_DOC = 'missing00000000000000000';

const fit = (text, attribute) => {
  let out = text;
  if (typeof attribute.minLength === 'number' && out.length < attribute.minLength) out = out.padEnd(attribute.minLength, 'x');
  if (typeof attribute.maxLength === 'number' && out.length > attribute.maxLength) out = out.slice(0, attribute.maxLength);
  return out;
};
const bounded = (attribute, value) => Math.min(attribute.max ?? Infinity, Math.max(attribute.min ?? -Infinity, value));
const pad = (n) => String(n).padStart(2, '0');

/** A valid value for a scalar attribute; `n` makes unique values distinct. */
export function scalarValue(attribute, r, n) {
  const word = r.pick(WORDS);
  switch (attribute.type) {
    case 'string': case 'text': {
      if (attribute.regex) {
        const rule = new RegExp(attribute.regex);
        // with `n` in them first, so unique values stay distinct
        const candidates = REGEX_CANDIDATES.flatMap((candidate) => [candidate.replace(/\d+/, String(n)), `${candidate}${n}`, candidate]);
        return candidates.map((candidate) => fit(candidate, attribute)).find((candidate) => rule.test(candidate)) ?? fit('x', attribute);
      }
      return fit(attribute.unique ? `${word} ${n}` : word, attribute);
    }
    case 'richtext': return fit(`# ${word}\n\nbody ${n}`, attribute);
    case 'blocks': return [{ type: 'paragraph', children: [{ type: 'text', text: word }] }];
    case 'email': return `${word.replace(/\W/g, '')}${n}@example.com`;
    case 'password': return fit(`secret-${n}-pass`, attribute);
    case 'uid': return `${word.toLowerCase().replace(/[^a-z]+/g, '-')}-${n}`;
    case 'enumeration': return r.pick(attribute.enum);
    case 'integer': return bounded(attribute, r.between(0, 100));
    case 'biginteger': return String(bounded(attribute, r.between(-5, 9007199254)));
    case 'float': case 'decimal': return bounded(attribute, r.between(-20, 200) / 4);
    case 'boolean': return r.chance(0.5);
    case 'date': return `202${r.int(5)}-${pad(r.between(1, 12))}-${pad(r.between(1, 28))}`;
    case 'time': return `${pad(r.int(24))}:${pad(r.int(4) * 15)}:00.000`;
    case 'datetime': case 'timestamp': return `202${r.int(5)}-${pad(r.between(1, 12))}-${pad(r.between(1, 28))}T${pad(r.int(24))}:00:00.000Z`;
    case 'json': return r.pick([{ a: 1 }, [1, 'two'], 'text', { nested: { ok: true } }, 7]);
    default: return undefined;
  }
}

/** A value of the wrong kind or out of the attribute's rules. */
export function badScalarValue(attribute, r) {
  const options = [123, 'abc', true, { a: 1 }, ['a'], '', -1];
  if (typeof attribute.maxLength === 'number') options.push('y'.repeat(attribute.maxLength + 1));
  if (typeof attribute.minLength === 'number' && attribute.minLength > 1) options.push('y');
  if (typeof attribute.max === 'number') options.push(attribute.max + 1);
  if (typeof attribute.min === 'number') options.push(attribute.min - 1);
  if (attribute.type === 'enumeration') options.push('not-in-enum');
  if (['date', 'datetime', 'time'].includes(attribute.type)) options.push('2024-13-45', '25:61');
  if (attribute.type === 'integer') options.push(1.5, '12');
  return r.pick(options);
}

/**
 * Builds a body's fields: every required attribute and a random share of the others, components
 * and zones to `depth`, relations to documents named in `pool.docs` (relations are left out when
 * `relations` is false: the seed links documents in a second pass).
 */
export function buildData(set, attributes, r, ctx) {
  const { n, depth = 0, relations = true, pool, path = [] } = ctx;
  const data = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type === 'customField') continue;
    // a uid is always given: Strapi leaves a missing one null, this server generates it (a Project choice)
    if (!attribute.required && attribute.type !== 'uid' && !r.chance(ctx.share ?? 0.6)) continue;
    const value = attributeValue(set, attribute, r, { ...ctx, n, depth, relations, pool, path: [...path, name] });
    if (value !== undefined) data[name] = value;
  }
  return data;
}

function attributeValue(set, attribute, r, ctx) {
  const { pool, depth } = ctx;
  if (isScalar(attribute)) {
    const value = scalarValue(attribute, r, ctx.n);
    if (value !== undefined && ctx.uid) pool.remember(ctx.uid, ctx.path.join('.'), value);
    return value;
  }
  if (attribute.type === 'media') {
    const files = pool.files;
    if (!files.length) return undefined;
    return attribute.multiple ? r.some(files, 2).map((name) => `@@${name}`) : `@@${r.pick(files)}`;
  }
  if (attribute.type === 'relation') {
    if (!ctx.relations || !reachable(set, attribute) || attribute.target === 'plugin::upload.file') return undefined;
    const targets = pool.docs.get(attribute.target) ?? [];
    if (!targets.length) return undefined;
    const many = /ToMany$/.test(attribute.relation) || attribute.relation === 'manyWay';
    return many ? r.some(targets, 2).map((name) => `@@${name}`) : `@@${r.pick(targets)}`;
  }
  if (attribute.type === 'component') {
    const component = set.components.get(attribute.component);
    if (!component || depth > 3) return undefined;
    const item = () => buildData(set, component.attributes, r, { ...ctx, depth: depth + 1, uid: ctx.uid, path: ctx.path });
    if (!attribute.repeatable) return item();
    const count = Math.max(attribute.min ?? 0, Math.min(attribute.max ?? 3, r.int(3)));
    return Array.from({ length: count }, item);
  }
  if (attribute.type === 'dynamiczone') {
    if (depth > 3) return undefined;
    const count = Math.max(attribute.min ?? 0, Math.min(attribute.max ?? 3, r.int(3)));
    return Array.from({ length: count }, () => {
      const uid = r.pick(attribute.components);
      const component = set.components.get(uid);
      return {
        __component: uid, ...(component ? buildData(set, component.attributes, r, { ...ctx, depth: depth + 1, uid: undefined }) : {}),
      };
    });
  }
  return undefined;
}

/** One mistake in a write body (the kinds Strapi answers 400 for, and a few it accepts). */
export function spoilData(set, attributes, data, r) {
  const names = Object.keys(attributes).filter((name) => attributes[name].type !== 'customField');
  const name = r.pick(names);
  const attribute = attributes[name];
  const out = { ...data };
  const mistake = r.weighted({ scalar: 5, required: 2, unknown: 1, component: 2, zone: 1, relation: 2, media: 1, ids: 1 });
  if (mistake === 'scalar' && isScalar(attribute)) out[name] = badScalarValue(attribute, r);
  else if (mistake === 'required') {
    const required = names.filter((key) => attributes[key].required);
    if (required.length) { const key = r.pick(required); if (r.chance(0.5)) delete out[key]; else out[key] = null; }
  } else if (mistake === 'unknown') out[r.pick(['nope', 'createdAt', 'publishedAt', '__proto__x'])] = r.pick([1, 'x', null]);
  else if (mistake === 'component' && attribute.type === 'component') {
    out[name] = r.pick(['x', 5, attribute.repeatable ? { a: 1 } : [{}], null]);
  }
  else if (mistake === 'zone' && attribute.type === 'dynamiczone') out[name] = r.pick([[{}], [{ __component: 'nope.nope' }],
    { __component: attribute.components[0] }, null]);
  // (no numeric row id but one no row has: the servers number rows differently)
  else if (mistake === 'relation' && attribute.type === 'relation') {
    out[name] = r.pick([MISSING_DOC, [MISSING_DOC], { connect: [MISSING_DOC] }, 999999, { set: [] }]);
  }
  else if (mistake === 'media' && attribute.type === 'media') {
    out[name] = r.pick([999999, [999999], 'abc', attribute.multiple ? '@@img1' : ['@@img1']]);
  }
  else if (mistake === 'ids') out[r.pick(['id', 'documentId'])] = r.pick([5, 'abc']);
  else if (isScalar(attribute)) out[name] = badScalarValue(attribute, r);
  else out.nope = 1;
  return out;
}

/**
 * The values the seed wrote, by content type and attribute path, so filters can ask for values
 * that exist; and the documents and files the seed named.
 */
export function createPool() {
  const values = new Map();
  return {
    docs: new Map(),
    files: [],
    remember(uid, path, value) {
      if (value === null || typeof value === 'object') return;
      const key = `${uid}|${path}`;
      if (!values.has(key)) values.set(key, []);
      const list = values.get(key);
      if (list.length < 12 && !list.includes(String(value))) list.push(String(value));
    },
    values: (uid, path) => values.get(`${uid}|${path}`) ?? [],
  };
}
