// Sends one MCP case to a server and reads its answer; shared by the recorder (real Strapi 5.54) and
// the replay test (this server), so both sides build the same request and normalise the same way.
// A case: { id, credential?: 'full' | 'read' | 'custom-<x>' | 'none' | 'bad' | 'jwt' (default 'full'),
//   rpc?: [method, params?] (a JSON-RPC request, id 1) | body?: any JSON | rawBody?: string,
//   method?: 'POST', path?: '/mcp', headers?: {...} (replace the defaults; `authorization` replaces the credential's),
//   capture?: { name: 'result.structuredContent.data.documentId' } }
import { resolve } from '../lib/run.mjs';
import { nameDocument, normalizeBody } from '../lib/normalize.mjs';

export const MCP_PATH = '/mcp';
/** What an MCP client sends with every POST (the streamable HTTP transport refuses a POST without both). */
export const DEFAULT_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
/** A credential no server issued (what `bad` sends). */
export const BAD_TOKEN = 'not-a-real-token-0123456789abcdef';

/** The JSON-RPC message or raw text a case sends (unresolved: `@@name` placeholders stay). */
export function caseBody(kase) {
  if (kase.rawBody !== undefined) return kase.rawBody;
  if (kase.body !== undefined) return kase.body;
  if (kase.rpc) {
    const [method, params] = kase.rpc;
    return { jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) };
  }
  return undefined;
}

/** The request as a recording stores it: method, headers without the credential (named by `credential`), body. */
export function recordedRequest(kase) {
  const method = kase.method ?? 'POST';
  const headers = method === 'POST' ? { ...DEFAULT_HEADERS, ...kase.headers } : { ...kase.headers };
  const body = caseBody(kase);
  return { method, ...(kase.path && kase.path !== MCP_PATH ? { path: kase.path } : {}), headers, ...(body === undefined ? {} : { body }) };
}

/** The `Authorization` header a credential sends: `keys[credential]` is its bearer key; `none` sends none. */
export function authorizationFor(credential, keys) {
  if (credential === 'none') return undefined;
  if (credential === 'bad') return `Bearer ${BAD_TOKEN}`;
  if (!(credential in keys)) throw new Error(`no key for credential ${credential}`);
  return `Bearer ${keys[credential]}`;
}

/** A fetch `(path, init)` for a recorded request, credential resolved through `keys`, placeholders through `vars`. */
export function buildMcpFetch(request, credential, keys, vars, lenient = false) {
  const headers = {};
  const auth = authorizationFor(credential, keys);
  if (auth) headers.authorization = auth;
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = resolve(value, vars, false, lenient);
  const init = { method: request.method, headers };
  if (request.body !== undefined) {
    init.body = typeof request.body === 'string' ? resolve(request.body, vars, false, lenient) : JSON.stringify(resolve(request.body, vars, false, lenient));
  }
  return { path: request.path ?? MCP_PATH, init };
}

/** Parses a `text/event-stream` body into the JSON of each `data:` event (an event that is not JSON stays text). */
export function parseSse(text) {
  const events = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, '')).join('\n');
    if (!data) continue;
    try { events.push(JSON.parse(data)); } catch { events.push(data); }
  }
  return events;
}

/** Status, content type (lower case, no spaces), `allow` when present, and the body: SSE events, parsed JSON, or text. */
export async function readMcpAnswer(response) {
  const text = await response.text();
  const contentType = (response.headers.get('content-type') ?? '').replace(/\s+/g, '').toLowerCase();
  let body = text === '' ? null : text;
  if (contentType.startsWith('text/event-stream')) body = parseSse(text);
  else if (text && /json/.test(contentType)) {
    try { body = JSON.parse(text); } catch { body = text; }
  }
  const allow = response.headers.get('allow');
  return { status: response.status, contentType, ...(allow ? { allow } : {}), body };
}

/** The JSON-RPC answers in a body: SSE events, a batch array, or one message. */
export function messagesOf(body) {
  if (Array.isArray(body)) return body;
  return body && typeof body === 'object' ? [body] : [];
}

const TEXT_FORMATS = { compact: (v) => JSON.stringify(v), indent2: (v) => JSON.stringify(v, null, 2) };

/**
 * A tool result's `content[].text` is the JSON of its structured content: compared parsed and normalised
 * (documentIds, ids, timestamps), with how it was written (`compact`, `indent2`, `other`) kept.
 */
function expandTextContent(value) {
  if (Array.isArray(value)) return value.map(expandTextContent);
  if (!value || typeof value !== 'object') return value;
  if (value.type === 'text' && typeof value.text === 'string') {
    try {
      const json = JSON.parse(value.text);
      if (json && typeof json === 'object') {
        const format = Object.entries(TEXT_FORMATS).find(([, write]) => write(json) === value.text)?.[0] ?? 'other';
        const { text, ...rest } = value;
        return { ...rest, textJson: json, textFormat: format };
      }
    } catch { /* plain text stays as it is */ }
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandTextContent(v)]));
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The log tool's `timestamp` (the time of the call) is a placeholder as every other timestamp is. */
function timestamps(value) {
  if (Array.isArray(value)) return value.map(timestamps);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'timestamp' && typeof v === 'string' && ISO.test(v) ? '@@time' : timestamps(v)]));
}

/**
 * A comparable copy of a JSON-RPC message: its `result`/`error` normalised as REST bodies are (documentIds
 * named, numeric ids as classes, timestamps as placeholders), the envelope (`jsonrpc`, `id`) as it is.
 */
function normalizeMessage(message, book, caseId) {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return normalizeBody(message, book, caseId);
  const out = { ...message };
  for (const key of ['result', 'error', 'params']) {
    if (key in out) out[key] = timestamps(normalizeBody(expandTextContent(out[key]), book, caseId));
  }
  return out;
}

/** The answer as recordings store it and replays compare it. */
export function normalizeMcpAnswer(answer, book, caseId) {
  const { body } = answer;
  let normalized = body;
  if (Array.isArray(body)) normalized = body.map((message) => normalizeMessage(message, book, caseId));
  else if (body && typeof body === 'object') normalized = normalizeMessage(body, book, caseId);
  return { ...answer, body: normalized };
}

/** Records what a case captures (`capture: { post9: 'result.structuredContent.data.documentId' }`) from the answer's first result. */
export function captureMcp(kase, body, vars, book, lenient = false) {
  const message = messagesOf(body).find((m) => m && typeof m === 'object' && 'result' in m);
  for (const [name, path] of Object.entries(kase.capture ?? {})) {
    const value = path.split('.').reduce((v, key) => (v == null ? undefined : v[key]), message);
    if (value === undefined || value === null) {
      if (lenient) continue;
      throw new Error(`${kase.id}: nothing at ${path} to capture as ${name} in ${JSON.stringify(body).slice(0, 400)}`);
    }
    vars[name] = value;
    if (path.endsWith('documentId')) nameDocument(book, value, name);
  }
}

/**
 * Runs recorded-form cases (`{ id, credential, request, capture? }`) in order through `send(path, init)`,
 * yielding each normalised answer. `lenient` (the replay): a capture this server did not answer leaves
 * its placeholders unresolved, so only the cases using it differ.
 */
export async function* runMcpCases(cases, send, { keys, vars, book, lenient = false }) {
  for (const kase of cases) {
    const { path, init } = buildMcpFetch(kase.request, kase.credential ?? 'full', keys, vars, lenient);
    const answer = await readMcpAnswer(await send(path, init));
    if (kase.capture && answer.status < 300) captureMcp(kase, answer.body, vars, book, lenient);
    yield { kase, answer: normalizeMcpAnswer(answer, book, kase.id) };
  }
}
