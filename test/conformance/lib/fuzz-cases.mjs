// The fuzzer's requests, as catalogue cases (lib/run.mjs sends them): a seed built from the schema
// set (files, documents, their relations, localizations, drafts), then `count` random requests.
// Everything comes from the seeded random source, never from an answer: one seed, one list.
import { createRandom } from './fuzz-random.mjs';
import { readQuery, toQuery } from './fuzz-queries.mjs';
import { buildData, createPool, spoilData } from './fuzz-values.mjs';

const PER_TYPE = 3;
const short = (type) => type.route.replace(/[^a-zA-Z0-9]/g, '');
const withQuery = (path, query) => (query ? `${path}?${query}` : path);

/** The seed: two uploads, documents without relations, then their relations, localizations and drafts. */
function seedCases(set, r, pool) {
  const cases = [];
  for (const [name, asset, type] of [['img1', 'tiny.png', 'image/png'], ['img2', 'photo.jpg', 'image/jpeg']]) {
    cases.push({ id: `seed.${name}`, method: 'POST', path: '/api/upload', multipart: { files: [{ name: asset, type, asset }] },
      capture: { [name]: '0.id' } });
    pool.files.push(name);
  }
  const created = [];
  for (const type of set.types) {
    const names = [];
    pool.docs.set(type.uid, names);
    const count = type.single ? 1 : PER_TYPE;
    for (let n = 0; n < count; n++) {
      const name = `${short(type)}${n}`;
      const draft = type.draftAndPublish && n === PER_TYPE - 1;
      const data = buildData(set, type.attributes, r, { n, relations: false, pool, uid: type.uid });
      const path = withQuery(type.single ? `/api/${type.route}` : `/api/${type.route}`, draft ? 'status=draft' : '');
      cases.push({ id: `seed.${name}`, method: type.single ? 'PUT' : 'POST', path, body: { data },
        capture: { [name]: 'data.documentId' } });
      names.push(name);
      created.push({ type, name, draft });
    }
  }
  for (const { type, name, draft } of created) {
    const links = Object.fromEntries(Object.entries(type.attributes)
      .filter(([, a]) => a.type === 'relation' && !a.mappedBy && (pool.docs.get(a.target) ?? []).length)
      .map(([key, a]) => [key, /ToMany$/.test(a.relation)
        ? r.some(pool.docs.get(a.target), 2).map((doc) => `@@${doc}`)
        : `@@${r.pick(pool.docs.get(a.target))}`]));
    const path = type.single ? `/api/${type.route}` : `/api/${type.route}/@@${name}`;
    if (Object.keys(links).length) cases.push({ id: `seed.${name}.links`, method: 'PUT', path: withQuery(path, draft ? 'status=draft' : ''),
      body: { data: links } });
    if (type.localized && set.locales.length > 1 && !name.endsWith('1')) {
      const locale = set.locales.find((code) => code !== set.defaultLocale);
      const data = buildData(set, type.attributes, r, { n: 10 + cases.length, relations: false, pool, uid: type.uid, share: 0.4 });
      cases.push({ id: `seed.${name}.${locale}`, method: 'PUT',
        path: withQuery(path, toQuery({ locale, ...(draft || r.chance(0.3) ? { status: 'draft' } : {}) })), body: { data } });
    }
  }
  return cases;
}

function writeCase(set, type, pool, r, id) {
  const valid = r.chance(0.45);
  const data = buildData(set, type.attributes, r, { n: 100 + r.int(100000), pool, uid: type.uid, share: 0.5 });
  const params = {};
  // (no unknown locale or status on writes: Strapi's answers to them are listed Project choices, and the
  // documents it then holds and this server does not would make every later answer differ)
  if (type.localized && r.chance(0.3)) params.locale = r.pick(set.locales);
  if (type.draftAndPublish && r.chance(0.3)) params.status = r.pick(['draft', 'published', 'draft']);
  if (r.chance(0.3)) params.populate = '*';
  const body = valid ? { data }
    : r.chance(0.9) ? { data: spoilData(set, type.attributes, data, r) } : r.pick([data, { data: [] }, { data: 'x' }, {}]);
  const docs = pool.docs.get(type.uid) ?? [];
  if (type.single) return { id, method: 'PUT', path: withQuery(`/api/${type.route}`, toQuery(params)), body };
  if (r.chance(0.45) || !docs.length) {
    const name = `fz${id.split('.').pop()}`;
    docs.push(name);
    return { id, method: 'POST', path: withQuery(`/api/${type.route}`, toQuery(params)), body, capture: { [name]: 'data.documentId' } };
  }
  // an update sends a few attributes, not a whole document
  const keys = Object.keys(body.data ?? {});
  const patch = body.data && typeof body.data === 'object' && !Array.isArray(body.data)
    ? { data: Object.fromEntries(
      [...new Set([...r.some(keys.length ? keys : ['nope'], 3), ...keys.filter((key) => type.attributes[key]?.type === 'uid')])]
        .map((key) => [key, body.data[key] ?? 1]),
    ) }
    : body;
  return { id, method: 'PUT', path: withQuery(`/api/${type.route}/@@${r.pick(docs)}`, toQuery(params)), body: patch };
}

function fuzzCase(set, pool, r, id) {
  const type = r.pick(set.types);
  const kind = r.weighted({ list: 45, one: 14, write: 28, delete: 3, other: 2 });
  const auth = r.chance(0.1) ? { auth: 'none' } : {};
  const docs = pool.docs.get(type.uid) ?? [];
  if (kind === 'write') return writeCase(set, type, pool, r, id);
  if (kind === 'delete' && !type.single) {
    const params = type.localized && r.chance(0.3) ? { locale: r.pick(set.locales) } : {};
    const target = docs.length && r.chance(0.9) ? `@@${r.pick(docs)}` : 'missing00000000000000000';
    return { id, method: 'DELETE', path: withQuery(`/api/${type.route}/${target}`, toQuery(params)), ...auth };
  }
  if (kind === 'other') {
    return { id, method: r.pick(['GET', 'PATCH', 'POST']),
      path: r.pick(['/api/i18n/locales', '/api/nope', `/api/${type.route}/count`, '/api/upload/files?sort=name']), ...auth };
  }
  if (type.single || kind === 'list') {
    return { id, method: 'GET', path: withQuery(`/api/${type.route}`, readQuery(set, type, pool, r, { list: !type.single })), ...auth };
  }
  const target = docs.length && r.chance(0.92) ? `@@${r.pick(docs)}` : 'missing00000000000000000';
  return { id, method: 'GET', path: withQuery(`/api/${type.route}/${target}`, readQuery(set, type, pool, r, { list: false })), ...auth };
}

/**
 * Every request of one fuzz run: the seed, then `count` random requests (ids `seed.*`, `fuzz.<n>`).
 *
 * @example
 * const { seed, requests } = generateCases(loadSchemaSet('test/conformance/fixture'), 1, 100);
 */
export function generateCases(set, seedNumber, count) {
  const r = createRandom(seedNumber);
  const pool = createPool();
  const seed = seedCases(set, r, pool);
  const requests = Array.from({ length: count }, (_, n) => fuzzCase(set, pool, r, `fuzz.${n}`));
  return { seed, requests };
}
