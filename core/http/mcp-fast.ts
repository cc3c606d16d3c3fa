import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cms } from '../cms.js';
import { mayUseMcp } from '../mcp/ability.js';
import { headerOf, jsonBody, keepReadBody, readDeclaredJson } from './body.js';
import { bearer, judgedNow, MCP_PATH } from './mcp-route.js';
import type { Later } from './turn-answers.js';

type Next = (req: IncomingMessage, res: ServerResponse) => unknown;

/** kept-calls.ts once the MCP route has loaded it (with the SDK and the tool schemas): none kept before then. */
let kept: typeof import('../mcp/kept-calls.js') | undefined;

/** Whether a request's URL is `/mcp` (or `/mcp/`, Koa's router not being strict about it), with no query. */
export const isMcpUrl = (url: string | undefined): boolean => url === MCP_PATH || url === `${MCP_PATH}/`;

/** The last body parsed here, by its bytes: an agent repeating its call is recognised without parsing it again. */
let last: { bytes: Buffer; body: unknown } | undefined;

/**
 * `POST /mcp` before h3, as graphql-fast.ts answers `/graphql`: a read tool's call with an answer kept for it
 * (kept-calls.ts, by the MCP route) is written from Node, its kept bytes, once the turn's reads are done (`later`: the
 * credential judged on the auth state as it is then, as the route judges it: Strapi's bearer rule, a credential that may
 * use MCP). Anything else (no answer kept, a write, a bad credential, a body that is not JSON of a declared length)
 * goes to h3 unchanged, the body already read handed on. The caller has checked that MCP is on, the request names no
 * branch, the server is no replica, and no project route claims the path.
 *
 * @example
 * if (req.method === 'POST' && isMcpUrl(req.url)) return answerMcpKept(cms, req, res, next, later);
 */
export function answerMcpKept(cms: Cms, req: IncomingMessage, res: ServerResponse, next: Next, later: Later): unknown {
  if (!kept) {
    // The route loads it with the SDK on its first call; asked here from then on.
    void import('../mcp/kept-calls.js').then((module) => { kept = module; });
    return next(req, res);
  }
  const read = readDeclaredJson(req, (bytes) => later(req, res, () => answerOrNext(cms, bytes, req, res, next)));
  return read ? undefined : next(req, res);
}

function answerOrNext(cms: Cms, bytes: Buffer, req: IncomingMessage, res: ServerResponse, next: Next): unknown {
  if (writeKept(cms, bytes, req, res)) return undefined;
  keepReadBody(req, bytes.toString('utf8'));
  return next(req, res);
}

/** The kept answer written, when this caller has a fresh one for this call; false: nothing written, the long way. */
function writeKept(cms: Cms, bytes: Buffer, req: IncomingMessage, res: ServerResponse): boolean {
  try {
    const key = bearer(req.headers.authorization ?? null);
    if (key === undefined || !kept) return false;
    const judged = judgedNow(cms);
    const caller = cms.contentApi.callerFor(`Bearer ${key}`, req.socket);
    if (!mayUseMcp(caller, cms.models)) return false;
    let body: unknown;
    if (last && last.bytes.equals(bytes)) body = last.body;
    else {
      body = jsonBody(bytes.toString('utf8'));
      last = { bytes: Buffer.from(bytes), body };
    }
    const hit = kept.keptCall(cms, body, headerOf(req), key, judged)?.hit;
    if (!hit) return false;
    res.writeHead(hit.status, hit.rawHeaders as string[]);
    res.end(hit.body);
    return true;
  } catch {
    // an unknown or expired credential, a malformed body: the long way answers it (and logs what it should)
    return false;
  }
}
