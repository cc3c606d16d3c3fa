import type { Cms } from '../cms.js';
import type { CmsConfig } from '../config/types.js';
import { MAX_KEY_CHARS } from '../http/graphql-answers.js';
import { freshness, isFresh, ResponseCache, type CachedHit, type Freshness, type VersionSource } from '../http/response-cache.js';
import { mayBePrivate } from '../media/providers/index.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { deriveContentTools, type DerivedTool } from './content-tools.js';

/** The read tools (`list_<type>`, `get_<type>`) of the loaded models, by name. */
const readToolsOf = new WeakMap<object, Map<string, DerivedTool>>();
function readTools(cms: Cms): Map<string, DerivedTool> {
  let tools = readToolsOf.get(cms.models);
  if (!tools) {
    const reads = deriveContentTools(cms.models).filter((tool) => tool.restActions.every((action) => action === 'find' || action === 'findOne'));
    readToolsOf.set(cms.models, (tools = new Map(reads.map((tool) => [tool.name, tool]))));
  }
  return tools;
}

/** The kept answers of `/mcp`, per loaded config (a reload of it, `mcp.maxResultChars` or a role's grants say, keeps none). */
const caches = new WeakMap<object, ResponseCache>();
const cacheOf = (config: CmsConfig): ResponseCache => {
  let cache = caches.get(config);
  if (!cache) caches.set(config, (cache = new ResponseCache(2000, 32 * 1024 * 1024)));
  return cache;
};

/** The request headers the SDK's transport or the route read on a POST (besides `authorization`, the credential). */
const ASKED = ['accept', 'content-type', 'host', 'mcp-method', 'mcp-name', 'mcp-protocol-version', 'mcp-session-id', 'origin'];

/** An answer of `/mcp` as the route writes it. */
export interface McpAnswer {
  status: number;
  headers: Headers;
  text: string | null;
}

/** A kept answer, and where in its bytes the JSON-RPC `id` it answered sits (another call's id is written there). */
interface KeptAnswer extends CachedHit {
  idAt: number;
  idEnd: number;
}

/** An answer to write: the kept bytes with this call's `id`, and their headers (as a list, and by name). */
export interface KeptBytes {
  status: number;
  body: Buffer;
  rawHeaders: string[];
  headers: Record<string, string>;
}

/** A read tool's call whose answer may be kept: the kept one, if fresh, and how to keep the one computed now. */
export interface KeptCall {
  hit: KeptBytes | undefined;
  keep(answer: McpAnswer): void;
}

/** What the caller was judged on: the auth state's revision, the config and the index, read with the credential (mcp-route.ts's `judgedNow`). */
export interface JudgedOn {
  revision: string;
  config: CmsConfig;
  index: VersionSource & Cms['index'];
}

/**
 * A call of a content type's read tool (`list_<type>`, `get_<type>`), answered from the answer kept for the same request
 * (its JSON-RPC body but the `id`, which is written into the kept bytes, and the headers the answer depends on) and the
 * same credential while nothing it reads has changed, as REST keeps a GET's answer (`readsOf` the type: the type and
 * every type it reaches, their versions compared). Asked once the route has authenticated the caller on the auth state
 * as it is now (`at`, read with the caller); the credential is part of the key with the auth state's revision, so a
 * token's or role's change, or a revoked token, never meets an answer kept before, and an answer computed while either
 * changed is not kept. None for any other call, a body of more than `MAX_KEY_CHARS` (its text is the key), a type a
 * project's routes own (its policies and middlewares run on every call), change-request mode (`mcp.branch`: a call's
 * site is the agent's branch), or a type whose answers may hold signed media URLs (a private bucket: they expire). Only
 * an answer without an error is kept.
 *
 * @example
 * const kept = keptCall(cms, parsedBody, (name) => request.headers.get(name), key, judgedNow(cms)); if (kept?.hit) …
 */
export function keptCall(
  cms: Cms, body: unknown, header: (name: string) => string | null, credential: string, at: JudgedOn,
): KeptCall | undefined {
  if (at.config.mcp.branch || body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const call = callOf(body);
  if (!call) return undefined;
  const tool = readTools(cms).get(call.name);
  const model = tool && cms.models.get(tool.uid);
  if (!tool || !model || cms.routeGate?.owns(model)) return undefined;
  const reads = at.index.dependencies.readsOf(model.uid);
  if (mayBePrivate(at.config.upload) && reads.includes(UPLOAD_FILE_UID)) return undefined;
  const key = keyOf(call, header, credential, at.revision, cms.branchName ?? '');
  if (key === undefined) return undefined;
  const cache = cacheOf(at.config);
  const hit = cache.get(key, at.index) as KeptAnswer | undefined;
  // The versions an answer computed from now reads (none needed for a hit: it is answered as kept).
  const from: Freshness | undefined = hit ? undefined : freshness(at.index, reads);
  const { idText } = call;
  return {
    hit: hit && withId(hit, idText),
    keep({ status, headers, text: answer }) {
      if (!from || status !== 200 || answer === null) return;
      // An error (of the tool, or JSON-RPC's) is answered the long way every time; so is one the site changed under.
      if (answer.includes('"isError":true') || answer.includes('"error":')) return;
      if (cms.index !== at.index || cms.config !== at.config || cms.auth.store.revision !== at.revision || !isFresh(from, at.index)) return;
      // The id closes the JSON-RPC message (`…,"jsonrpc":"2.0","id":1}`), then SSE's blank line or nothing.
      const bytes = Buffer.from(answer);
      const tail = Buffer.from(`"jsonrpc":"2.0","id":${idText}}`);
      const found = bytes.lastIndexOf(tail);
      const after = found + tail.length;
      if (found < 0 || !(after === bytes.length || bytes.subarray(after).toString() === '\n\n')) return;
      const idAt = found + tail.length - 1 - Buffer.byteLength(idText);
      const kept = { status, headers: { ...Object.fromEntries(headers), 'content-length': String(bytes.length) }, body: bytes, idAt, idEnd: idAt + Buffer.byteLength(idText) };
      cache.set(key, from, kept);
    },
  };
}

/** A `tools/call` request as its kept answer's key reads it, and the key it last made (with what it was made of). */
interface Call {
  /** The request but its `id`. */
  request: object;
  /** It as JSON, once a read tool's call asked for it; null past MAX_KEY_CHARS (its text is the key: never kept). */
  text?: string | null;
  /** Its `id` as JSON. */
  idText: string;
  /** The tool called. */
  name: string;
  made?: { heads: string; credential: string; revision: string; branch: string; key: string };
}

/**
 * Each parsed body's call, or null for a body that is none (another method, a notification: answered with no body),
 * worked out once: mcp-fast.ts hands the same object again for the same bytes, as an agent polling sends.
 */
const calls = new WeakMap<object, Call | null>();
function callOf(body: object): Call | null {
  let call = calls.get(body);
  if (call !== undefined) return call;
  const { id, ...request } = body as { id?: unknown; method?: unknown; params?: { name?: unknown } };
  const { method, params } = request;
  call = method === 'tools/call' && params !== null && typeof params === 'object' && typeof params.name === 'string'
    && (typeof id === 'string' || typeof id === 'number') ? { request, idText: JSON.stringify(id), name: params.name } : null;
  calls.set(body, call);
  return call;
}

/**
 * The key of a call's kept answer: its text, every header the SDK or the route reads (an answer is kept for the very
 * request it answered), the credential, the auth state's revision, the branch's name. The same string as last time while
 * none of them changed, so that its hash is V8's, computed once.
 */
function keyOf(
  call: Call, header: (name: string) => string | null, credential: string, revision: string, branch: string,
): string | undefined {
  if (call.text === undefined) {
    const text = JSON.stringify(call.request);
    call.text = text.length > MAX_KEY_CHARS ? null : text;
  }
  if (call.text === null) return undefined;
  let heads = header(ASKED[0]) ?? '';
  for (let at = 1; at < ASKED.length; at++) heads += `\u0000${header(ASKED[at]) ?? ''}`;
  const { made } = call;
  if (made && made.heads === heads && made.credential === credential && made.revision === revision && made.branch === branch) {
    return made.key;
  }
  const key = [call.text, heads, credential, revision, branch].join('\u0000');
  call.made = { heads, credential, revision, branch, key };
  return key;
}

/** The kept answer with `idText` (a JSON-RPC id, as JSON) in place of the one it answered, its length to match. */
function withId(hit: KeptAnswer, idText: string): KeptBytes {
  const { idAt, idEnd, body } = hit;
  if (body.toString('utf8', idAt, idEnd) === idText) return { status: hit.status, body, rawHeaders: hit.rawHeaders as string[], headers: hit.headers };
  const bytes = Buffer.concat([body.subarray(0, idAt), Buffer.from(idText), body.subarray(idEnd)]);
  const length = String(bytes.length);
  const rawHeaders = hit.rawHeaders.map((value, at) => (at % 2 === 1 && hit.rawHeaders[at - 1] === 'content-length' ? length : value));
  return { status: hit.status, body: bytes, rawHeaders, headers: { ...hit.headers, 'content-length': length } };
}
