// Sends one catalogue case to a server and reads the answer; shared by the recorder (real Strapi)
// and the replay test (this server), so both sides build byte-identical requests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classRecordedIds, nameDocument, normalizeAnswer } from './normalize.mjs';

const ASSETS = join(import.meta.dirname, '..', 'assets');
const PLACEHOLDER = /@@([\w:.-]+)/g;

/**
 * `@@name` in a path, header or body string becomes the value captured as `name`; a body string that
 * is exactly `@@name` for a numeric capture becomes the number (media and user ids). An unknown name
 * throws, unless `lenient` (a replay: a capture this server did not answer stays `@@name`, so only the
 * cases that use it differ).
 */
export function resolve(value, vars, inUrl = false, lenient = false) {
  if (typeof value === 'string') {
    const whole = /^@@([\w:.-]+)$/.exec(value);
    if (whole && typeof vars[whole[1]] === 'number' && !inUrl) return vars[whole[1]];
    return value.replace(PLACEHOLDER, (all, name) => {
      if (!(name in vars)) {
        if (lenient) return all;
        throw new Error(`unknown placeholder ${all}`);
      }
      return String(vars[name]);
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, vars, inUrl, lenient));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, vars, inUrl, lenient)]));
  }
  return value;
}

/**
 * A fetch `RequestInit` for a case: the full-access API token unless `auth` says otherwise (`none`, a
 * captured JWT `jwt:<name>`, another API token `token:<name>` of the set's TOKENS), JSON or multipart body.
 */
export function buildRequest(kase, vars, lenient = false) {
  const headers = {};
  const auth = kase.auth ?? 'token';
  if (auth === 'token') headers.authorization = `Bearer ${vars.token}`;
  else if (auth.startsWith('jwt:') || auth.startsWith('token:')) {
    if (!(auth in vars) && !lenient) throw new Error(`${kase.id}: no credential ${auth} (capture it or list it in the set's TOKENS)`);
    headers.authorization = `Bearer ${vars[auth] ?? `@@${auth}`}`;
  }
  for (const [name, value] of Object.entries(kase.headers ?? {})) headers[name.toLowerCase()] = resolve(value, vars, false, lenient);
  const init = { method: kase.method ?? 'GET', headers };
  if (kase.rawBody !== undefined) {
    init.body = kase.rawBody;
    if (!('content-type' in headers)) headers['content-type'] = 'application/json';
  } else if (kase.body !== undefined) {
    init.body = JSON.stringify(resolve(kase.body, vars, false, lenient));
    if (!('content-type' in headers)) headers['content-type'] = 'application/json';
  } else if (kase.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(kase.multipart.fields ?? {})) {
      for (const one of [].concat(value)) {
        form.append(name, typeof one === 'string' ? resolve(one, vars, false, lenient) : JSON.stringify(resolve(one, vars, false, lenient)));
      }
    }
    for (const file of kase.multipart.files ?? []) {
      const bytes = file.asset ? readFileSync(join(ASSETS, file.asset)) : Buffer.from(file.text ?? '');
      form.append(file.field ?? 'files', new Blob([bytes], { type: file.type }), file.name);
    }
    init.body = form;
  }
  return { path: resolve(kase.path, vars, true, lenient), init };
}

/** Reads what the comparison needs: status, the headers that matter (and `extra` ones a case names), and the body (JSON when it parses). */
export async function readResponse(response, extra = []) {
  const text = await response.text();
  let body = text;
  if (text && /json/.test(response.headers.get('content-type') ?? '')) {
    try { body = JSON.parse(text); } catch { body = text; }
  }
  const headers = {};
  for (const name of ['content-type', 'allow', ...extra]) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, headers, body: text === '' ? null : body };
}

/** `data.documentId`, `0.id`, `jwt`: a dotted path into a body. */
export function pick(body, path) {
  return path.split('.').reduce((value, key) => (value == null ? undefined : value[key]), body);
}

/**
 * Records what a case captures (`capture: { post1: 'data.documentId' }`) into `vars`; a captured
 * documentId also names that document in the answers that follow.
 */
export function capture(kase, body, vars, book, lenient = false) {
  for (const [name, path] of Object.entries(kase.capture ?? {})) {
    const value = pick(body, path);
    if ((value === undefined || value === null) && lenient) continue;
    if (value === undefined || value === null) throw new Error(`${kase.id}: nothing at ${path} to capture as ${name} in ${JSON.stringify(body).slice(0, 400)}`);
    vars[name] = value;
    if (path.endsWith('documentId')) nameDocument(book, value, name);
  }
}

/** A GraphQL case: sent to the plugin's endpoint (`/graphql`, or the one the case names with `graphql: true`). */
const isGraphql = (kase) => kase.graphql ?? /^\/graphql(\?|\/|$)/.test(kase.path);

/** The answer a case was recorded with, as the comparison reads it (a GraphQL one with its string ids as classes). */
export const recordedAnswer = ({ id, request, response }) =>
  (isGraphql({ id, ...request }) ? classRecordedIds(response) : response);

/**
 * After a write that was answered 2xx, waits until the clock has left the millisecond it was answered in. Timestamps are kept to the millisecond,
 * and the real Strapi never answered two writes within one, so the recorded cases sort by `createdAt` without ties; this
 * server can answer two creates in one millisecond, and a tie then sorts them by another rule than the recorded order.
 */
export async function pastWriteMillisecond(init, status) {
  if (init.method === 'GET' || init.method === 'HEAD' || init.method === 'OPTIONS' || status >= 300) return;
  const answered = Date.now();
  while (Date.now() <= answered) await new Promise((tick) => setTimeout(tick, 1));
}

/**
 * Runs a list of cases in order through `send(path, init) → Response`, yielding each answer.
 * `lenient` (the replays): a capture this server did not answer leaves its placeholders unresolved
 * instead of stopping the run, so the cases that use it differ and the others still compare.
 */
export async function* runCases(cases, send, vars, book, { lenient = false } = {}) {
  for (const kase of cases) {
    const { path, init } = buildRequest(kase, vars, lenient);
    const answer = await readResponse(await send(path, init), kase.recordHeaders);
    await pastWriteMillisecond(init, answer.status);
    if (kase.capture && answer.status < 300) capture(kase, answer.body, vars, book, lenient);
    yield { kase, answer: normalizeAnswer(answer, book, kase.id, { graphql: isGraphql(kase) }) };
  }
}
