import { listen } from 'listhen';
import { toNodeHandler } from 'h3';
import type { Cms } from '../cms.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApp } from './app.js';
import type { ClaimsRequest, ExtensionRoute } from './route-context.js';
import { EXTENSIONS } from './extensions.js';
import { answerWrite, plainWrite } from './write-route.js';
import { COMMIT_COOKIE, COMMIT_HEADER } from './read-your-writes.js';
import { ResponseCache } from './response-cache.js';
import { markServing } from '../storage/serving-marker.js';
import { guardUnreadBody } from './unread-body.js';
import { forwardWrite, isWriteRequest, refuseNotWriter, wasForwarded } from './forward-writes.js';
import { clientAddress } from './client-address.js';
import { answerGraphqlKept } from './graphql-fast.js';
import { answerMcpKept, isMcpUrl } from './mcp-fast.js';
import { MCP_PATH } from './mcp-route.js';
import { answerBaseKept, branchKeptAnswers, mayBeKept } from './kept-answers.js';
import { turnAnswers, type Later } from './turn-answers.js';
import { uploadProvider } from '../media/providers/index.js';
import { requestStarted } from '../auth/state-file-watch.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** Print listhen's URL banner (off under tests). */
  showURL?: boolean;
  /** Serve the editing studio (default: the config's `admin.enabled`). */
  admin?: boolean;
  /** Routes beside the content API (default: the built-in ones; `cms serve` adds the project's own, see core/extensions). */
  extensions?: ExtensionRoute[];
  /** Answer plain content-API writes past h3 (write-route.ts; default true). False sends every write through h3. */
  fastWrites?: boolean;
}

/**
 * Whether the fast write route may answer a write: no route beside the built-in ones is the request's (a project's
 * routes say so through `claims`; an extension that cannot say keeps every write on the long way).
 */
function unclaimed(cms: Cms, extensions: ExtensionRoute[] | undefined, method: string, pathname: string): boolean {
  if (!extensions) return true;
  for (const extension of extensions) {
    if (EXTENSIONS.includes(extension)) continue;
    const claims = (extension as { claims?: ClaimsRequest }).claims;
    if (!claims || claims(cms, method, pathname)) return false;
  }
  return true;
}

/**
 * The Node request listener: cached GETs (anonymous, or for a verified credential's read scope) and kept
 * GraphQL answers are written straight to the socket, skipping the web Request/Response conversion that
 * dominates small repeated reads; so are plain content-API writes once the content API has authorised them
 * (write-route.ts; `fastWrites: false` sends them through h3 too); the rest goes to h3.
 */
export function createNodeHandler(
  cms: Cms, options: { admin?: boolean; extensions?: ExtensionRoute[]; fastWrites?: boolean } = {},
): (req: IncomingMessage, res: ServerResponse) => unknown {
  const cache = new ResponseCache();
  const handler = toNodeHandler(createApp(cms, { cache, admin: options.admin, extensions: options.extensions }));
  const fastWrites = options.fastWrites ?? true;
  // Answers that look at a file another process may replace (the auth state, a branch's refs) wait for the end of the
  // turn's reads, and look once for all of them (turn-answers.ts).
  const later = turnAnswers();
  const answerBranch = branchKeptAnswers(cms, cache, later);
  /** Every request the GraphQL fast path did not answer (`graphqlTried`: a POST it was offered first). */
  const answer = (req: IncomingMessage, res: ServerResponse, graphqlTried: boolean): unknown => {
    // A plain content-API write (write-route.ts): the same content API and authorization, without h3's web Request/Response.
    // (Never on a replica: plainWrite leaves its writes to the forwarding below.) It sets the unread-body guard itself,
    // where an answer may come before the body's end.
    const write = fastWrites ? plainWrite(cms, req) : undefined;
    if (write && unclaimed(cms, options.extensions, req.method!, cms.config.api.rest.prefix + write.path)) {
      // An answer that cannot be written (never expected: every error is answered inside) ends the connection, as srvx does.
      return answerWrite(cms, req, res, write, () => handler(req, res)).catch((error: unknown) => {
        process.stderr.write(`[cms] ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}\n`);
        res.destroy();
      });
    }
    guardUnreadBody(req, res, cms.config.server.unreadBodyLinger * 1000);
    // A replica with peers sends writes on to the writer replica (see writer-choice.ts), unless one sent it here.
    const writers = cms.replica?.writers;
    if (writers && isWriteRequest(req.method ?? 'GET', req.url ?? '/', cms)) {
      if (!wasForwarded(req, writers)) {
        return forwardWrite(req, res, writers, nodeClient(cms, req)).then((sent) => (sent ? undefined : handler(req, res)));
      }
      // Sent here as to the writer, by a replica whose view is a moment old: with PostgreSQL, only the lock's holder writes.
      if (!writers.mayWrite()) return refuseNotWriter(req, res);
    }
    // A replica asked to read at a commit goes the long way: it may have to catch up first.
    const pinned = cms.replica && (req.headers[COMMIT_HEADER] || req.headers.cookie?.includes(`${COMMIT_COOKIE}=`));
    if (req.method === 'GET' && req.url && !pinned) {
      // A request naming a branch (`Cms-Branch`): its view's kept answers (app.ts keys them on the branch).
      const branch = req.headers['cms-branch'];
      // Only a path that can have a kept answer waits for the turn's end (mayBeKept); the others go the long way at once.
      if (typeof branch === 'string') {
        return mayBeKept(cms, req.url, false) ? answerBranch(branch, req, res, () => handler(req, res)) : handler(req, res);
      }
      if (branch === undefined) {
        // A credential is judged on the auth state as it is once the turn's reads are done (one look for all of them).
        if (req.headers.authorization === undefined) {
          if (answerBaseKept(cms, cache, req, res)) return;
        } else if (mayBeKept(cms, req.url, true)) {
          return later(req, res, () => answerBaseKept(cms, cache, req, res) || notKept(req, res, graphqlTried));
        }
      }
    }
    return notKept(req, res, graphqlTried, pinned, later);
  };
  /**
   * `/graphql`: a kept query's answer the same way, the rest to h3 (graphql-fast.ts). `turn` hands a POST, and a
   * credentialed GET's kept answer, to the end of the turn's reads; none: this is already there.
   */
  const notKept = (req: IncomingMessage, res: ServerResponse, graphqlTried: boolean, pinned?: unknown, turn?: Later): unknown => {
    const base = req.headers['cms-branch'] === undefined;
    if (!graphqlTried && !pinned && base && cms.config.graphql.enabled) return answerGraphqlKept(cms, req, res, handler, turn);
    return handler(req, res);
  };
  // What the GraphQL fast path hands on, made once (not a closure per request).
  const afterGraphql = (req: IncomingMessage, res: ServerResponse) => answer(req, res, true);
  return (req, res) => {
    // The auth state is looked at again for this request, whatever an earlier one in the same read looked at.
    requestStarted();
    // A read tool's call at /mcp with an answer kept for it (mcp-fast.ts): the same rules as a write's fast route.
    if (req.method === 'POST' && isMcpUrl(req.url) && cms.config.mcp.enabled && !cms.replica && req.headers['cms-branch'] === undefined
      && unclaimed(cms, options.extensions, 'POST', MCP_PATH)) return answerMcpKept(cms, req, res, afterGraphql, later);
    // A POST is offered to the GraphQL fast path first (a replica's go on to the writer, above): a body it reads whole
    // needs no guard (unread-body.ts), and what it hands on, read or not, goes the way every request goes.
    if (req.method === 'POST' && !cms.replica && cms.config.graphql.enabled && req.headers['cms-branch'] === undefined) {
      return answerGraphqlKept(cms, req, res, afterGraphql, later);
    }
    return answer(req, res, false);
  };
}

/** A Node request's client address (see clientAddress). */
export function nodeClient(cms: Cms, req: IncomingMessage): string {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return clientAddress(header, req.socket.remoteAddress, { proxy: cms.config.server.proxy, peerToken: cms.replica?.pullToken });
}

/** A running server (listhen's listener, whose types stay out of the public API: they need DOM and webworker libs). */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serve a CMS over HTTP with listhen. Resolves once listening; `close()` stops it. */
export async function serve(cms: Cms, options: ServeOptions = {}): Promise<RunningServer> {
  // The upload provider is built before the first request: a site that chose aws-s3 without the SDK (or without an
  // environment variable its options read) fails to start with one line, as a Strapi project without its provider.
  await uploadProvider(cms.root, cms.config.upload);
  // A server takes part in the writer election (PostgreSQL) before it takes requests; the CLI never does.
  await cms.replica?.writers?.start();
  const fastHandler = createNodeHandler(cms, { admin: options.admin, extensions: options.extensions, fastWrites: options.fastWrites });
  const port = options.port ?? cms.config.server.port;
  const listener = await listen(fastHandler, {
    // Port 0 is any free port, as for node:http. listhen in production mode turns 0 into 3000 (then 3001…), checked
    // before it binds: two servers started at once could both choose 3000 and one fail.
    port: port === 0 ? { port: 0, random: true } : port,
    hostname: options.host ?? cms.config.server.host,
    showURL: options.showURL ?? true,
    // A busy port is an error, not a silent move to another one: clients are told 1337.
    isProd: true,
    qr: false,
    // Not listhen's own exit on SIGINT/SIGTERM/SIGHUP (`process.exit(0)` at once): `cms serve` stops itself on those,
    // closing the server and then the site (its write log's last checkpoint, its recycled files, its state store).
    autoClose: false,
    public: options.host !== undefined && !['localhost', '127.0.0.1', '::1'].includes(options.host),
  });
  // While it runs, the site is marked as served: `cms media move` refuses to rewrite media under a running server.
  const mark = await markServing(cms.root, listener.url);
  // listhen's listener as it is (its node `server` too), its close also removing the mark.
  const close = listener.close.bind(listener);
  return Object.assign(listener, { close: async () => { await close(); await mark.remove(); } });
}
