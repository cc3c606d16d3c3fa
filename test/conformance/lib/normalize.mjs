// What must differ between two servers that answer alike, made equal: documentIds become the seed's
// names, numeric ids become classes (which rows share an id), timestamps and upload hash suffixes
// placeholders. Everything else is compared as it is.

const TIME_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'firstPublishedAt', 'lastUsedAt', 'expiresAt']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const HASH_SUFFIX = /_[0-9a-f]{10}(?=[._/"]|$)/g;
/** A bcrypt hash (salted: differs on every write), which Strapi's GraphQL answers for a password field (`Kitchen.secret`). */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/**
 * Run-wide state: documentId → name. A document no case captured is named after the case whose
 * answer first showed it (`new:<case id>`, then `new:<case id>:2`…), so one extra or missing document
 * changes the names in that case only, not in every later one.
 */
export function createNameBook() {
  return { docs: new Map(), caseId: '', inCase: 0 };
}

/** Names a documentId a case captured, so later answers show `@@post1` for it. */
export function nameDocument(book, documentId, name) {
  if (typeof documentId === 'string' && !book.docs.has(documentId)) book.docs.set(documentId, name);
}

function normalizeString(text, book) {
  if (BCRYPT.test(text)) return '@@bcrypt';
  let out = text.replace(JWT, '@@jwt').replace(HASH_SUFFIX, '_@@hash');
  if (out.length >= 10) {
    for (const [documentId, name] of book.docs) if (out.includes(documentId)) out = out.split(documentId).join(`@@${name}`);
  }
  return out;
}

/**
 * Numeric ids as classes per position in the body (`#1`, `#2`: which rows share an id), since two
 * servers number rows differently; one counter per body.
 *
 * @example
 * const idClass = idClasses(); idClass('data[]', 7) // '#1'
 */
export function idClasses() {
  const classes = new Map();
  return (shape, value) => {
    if (!classes.has(shape)) classes.set(shape, new Map());
    const seen = classes.get(shape);
    if (!seen.has(value)) seen.set(value, `#${seen.size + 1}`);
    return seen.get(value);
  };
}

const FORMAT_ORDER = ['thumbnail', 'large', 'medium', 'small'];

/**
 * An object's entries in answer order, except an image's `formats`: Strapi makes them concurrently and
 * lists them as they finish, so recordings list them in one fixed order (key order is never compared).
 */
function orderedEntries(value, key) {
  const entries = Object.entries(value);
  if (key !== 'formats') return entries;
  const rank = (name) => (FORMAT_ORDER.includes(name) ? FORMAT_ORDER.indexOf(name) : FORMAT_ORDER.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * A comparable copy of a response body.
 *
 * @example
 * normalizeBody({ data: { id: 7, documentId: 'abc…', createdAt: '2024-…Z' } }, book)
 * // { data: { id: '#1', documentId: '@@post1', createdAt: '@@time' } }
 */
export function normalizeBody(body, book, caseId = '', { graphql = false, idsOnly = false } = {}) {
  if (book.caseId !== caseId) { book.caseId = caseId; book.inCase = 0; }
  const idClass = idClasses();
  const walk = (value, shape, key) => {
    // GraphQL serialises ids as ID, a string: component ids, `me { id }`, role ids (before the strings' rules)
    if (graphql && typeof value === 'string' && key === 'id' && /^\d+$/.test(value)) return idClass(shape, value);
    if (idsOnly && !(value && typeof value === 'object')) return value;
    if (typeof value === 'string') {
      if (key === 'documentId') {
        if (!book.docs.has(value)) book.docs.set(value, `new:${caseId}${++book.inCase > 1 ? `:${book.inCase}` : ''}`);
        return `@@${book.docs.get(value)}`;
      }
      if (TIME_KEYS.has(key) && ISO.test(value)) return '@@time';
      return normalizeString(value, book);
    }
    if (typeof value === 'number' && key === 'id') return idClass(shape, value);
    if (Array.isArray(value)) return value.map((item) => walk(item, `${shape}[]`, key));
    if (value && typeof value === 'object') {
      // dynamic-zone items of different components live in different tables: their ids are separate sequences
      // so do the entries of a file's `related` list, one table per content type (`__type`)
      // in GraphQL, a zone item's table is its `__typename` (ComponentSharedQuote) when the query asks for it
      const table = typeof value.__component === 'string' ? value.__component : typeof value.__type === 'string' ? value.__type
        : graphql && typeof value.__typename === 'string' ? value.__typename : undefined;
      const here = table ? `${shape}<${table}>` : shape;
      const out = {};
      for (const [k, v] of orderedEntries(value, key)) out[k] = walk(v, `${here}.${k}`, k);
      return out;
    }
    return value;
  };
  return walk(body, '', '');
}

/**
 * A recorded GraphQL answer with its numeric string ids as classes: recordings made before the normaliser classed
 * them (it checked strings first) hold Strapi's raw "2"; everything else in them is normalised already.
 */
export function classRecordedIds(response) {
  return { ...response, body: normalizeBody(response.body, createNameBook(), '', { graphql: true, idsOnly: true }) };
}

/** Status, the headers that matter and the normalised body (`graphql`: the body of a `/graphql` answer). */
export function normalizeAnswer(answer, book, caseId, options = {}) {
  const headers = { ...answer.headers };
  if (headers['content-type']) headers['content-type'] = headers['content-type'].replace(/\s+/g, '').toLowerCase();
  return { status: answer.status, headers, body: normalizeBody(answer.body, book, caseId, options) };
}
