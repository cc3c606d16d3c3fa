import type { Cms } from '../cms.js';
import { freshness, isFresh, ResponseCache, type CachedHit, type Freshness } from '../http/response-cache.js';
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

/** The kept answers of `/mcp`, per loaded config (a reload of it, `mcp.maxResultChars` say, keeps none). */
const caches = new WeakMap<object, ResponseCache>();
const cacheOf = (cms: Cms): ResponseCache => {
  let cache = caches.get(cms.config);
  if (!cache) caches.set(cms.config, (cache = new ResponseCache(2000, 32 * 1024 * 1024)));
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

/** A read tool's call whose answer may be kept: the kept one, if fresh, and how to keep the one computed now. */
export interface KeptCall {
  hit: CachedHit | undefined;
  keep(answer: McpAnswer): void;
}

/**
 * A call of a content type's read tool (`list_<type>`, `get_<type>`), answered from the answer kept for the same request
 * (its JSON-RPC body, the headers the answer depends on) and the same credential while nothing it reads has changed, as
 * REST keeps a GET's answer (`readsOf` the type: the type and every type it reaches, their versions compared). Asked
 * only after the route has authenticated the caller on the auth state as it is now; the credential is part of the key
 * with the auth state's revision, so a token's or role's change, or a revoked token, never meets an answer kept before.
 * None for any other call, a type a project's routes own (its policies and middlewares run on every call), change-request
 * mode (`mcp.branch`: a call's site is the agent's branch), or a type whose answers may hold signed media URLs
 * (a private bucket: they expire). Only an answer without an error, computed from the versions it is kept under, is kept.
 *
 * @example
 * const kept = keptCall(cms, parsedBody, (name) => request.headers.get(name), key); if (kept?.hit) return answerOf(kept.hit);
 */
export function keptCall(cms: Cms, body: unknown, header: (name: string) => string | null, credential: string): KeptCall | undefined {
  if (cms.config.mcp.branch || body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || params === null || typeof params !== 'object' || typeof params.name !== 'string') return undefined;
  const tool = readTools(cms).get(params.name);
  const model = tool && cms.models.get(tool.uid);
  if (!tool || !model || cms.routeGate?.owns(model)) return undefined;
  const index = cms.index;
  const reads = index.dependencies.readsOf(model.uid);
  if (mayBePrivate(cms.config.upload) && reads.includes(UPLOAD_FILE_UID)) return undefined;
  const asked = (name: string) => header(name) ?? '';
  // Every header the SDK or the route reads: an answer is kept for the very request it answered.
  const key = [JSON.stringify(body), ...ASKED.map(asked), credential, cms.auth.store.revision].join('\u0000');
  const cache = cacheOf(cms);
  const hit = cache.get(key, index);
  // The versions an answer computed from now reads (none needed for a hit: it is answered as kept).
  const from: Freshness | undefined = hit ? undefined : freshness(index, reads);
  return {
    hit,
    keep({ status, headers, text }) {
      if (!from) return;
      // An error (of the tool, or JSON-RPC's) is answered the long way every time; so is one the site changed under.
      if (status !== 200 || text === null || text.includes('"isError":true') || text.includes('"error":')) return;
      if (!isFresh(from, cms.index) || from.owner !== cms.index) return;
      const body = Buffer.from(text);
      // Its length is part of the kept headers, as REST's: a hit is written whole, never chunked.
      cache.set(key, from, { status, headers: { ...Object.fromEntries(headers), 'content-length': String(body.length) }, body });
    },
  };
}
