import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { Cms } from '../cms.js';
import { ServiceUnavailableError } from '../errors.js';
import type { WriterChoice } from '../replication/writer-choice.js';
import { toErrorBody } from '../strapi/errors.js';
import { CLIENT_HEADER, FORWARDED_HEADER } from './client-address.js';
import { sameSecret } from './git-pull-route.js';
import { JSON_TYPE } from './respond.js';

export { FORWARDED_HEADER };
/** How long the writer may take to accept the connection before the next replica in the list is tried. */
export const CONNECT_TIMEOUT_MS = 2_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Not passed on, either way: they describe one connection, not the request or its answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const NOTHING = 'nothing was written';
const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The path a face answers at: exactly it, or with one trailing slash (as the GraphQL route and Apollo match it). */
const at = (path: string, endpoint: string) => path === endpoint || path === `${endpoint}/`;

/**
 * Whether a request is a write the writer replica should take: every method but GET, HEAD and OPTIONS on the REST API
 * (content, the media library's uploads, users-permissions' register and the like) and on the studio's routes (its Git
 * panel), but not the studio's uid checks and form merges (POSTs that only compute) nor the replica's own routes (`/_cms/…`);
 * and every POST to the GraphQL endpoint and to `/mcp` when they are on (a mutation or a write tool call; a query sent
 * there is forwarded too: telling them apart would mean reading the body first, and the writer answers it as well).
 */
export function isWriteRequest(method: string, url: string, cms: Cms): boolean {
  if (READ_METHODS.has(method)) return false;
  const path = (url.split('?')[0] ?? '').toLowerCase();
  if (under(path, cms.config.api.rest.prefix.toLowerCase())) return true;
  if (method === 'POST' && cms.config.graphql.enabled && at(path, cms.config.graphql.endpoint.toLowerCase())) return true;
  if (method === 'POST' && cms.config.mcp.enabled && at(path, '/mcp')) return true;
  const admin = cms.config.admin.path.replace(/\/+$/, '').toLowerCase();
  return under(path, admin) && !path.startsWith(`${admin}/api/uid/`) && path !== `${admin}/api/merge`;
}

/** A forwarded request carrying the right secret: written here, never sent on. A wrong or foreign marker is ignored. */
export function wasForwarded(req: IncomingMessage, choice: WriterChoice): boolean {
  const marker = req.headers[FORWARDED_HEADER];
  return typeof marker === 'string' && sameSecret(marker, choice.token);
}

function forwardedHeaders(req: IncomingMessage, choice: WriterChoice, client: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === FORWARDED_HEADER || name === CLIENT_HEADER) continue;
    headers[name] = value;
  }
  const before = req.headers['x-forwarded-for'];
  const peer = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = before ? `${before}, ${peer}` : peer;
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  // A body sent in chunks is sent on in chunks (Node chunks a body without a length).
  headers[FORWARDED_HEADER] = choice.token;
  // The client as this replica judged it (its proxy trusted or not): the writer's per-client limits key on it, not on us.
  headers[CLIENT_HEADER] = client;
  return headers;
}

/** The writer's raw headers, as it wrote them, less those of its connection. */
function relayedHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let at = 0; at < raw.length; at += 2) if (!HOP_BY_HOP.has(raw[at].toLowerCase())) kept.push(raw[at], raw[at + 1]);
  return kept;
}

/** Strapi's 503 envelope, never cached; `again`: nothing was done, the client may send it again at once. */
function unavailable(res: ServerResponse, message: string, again = false): void {
  const body = JSON.stringify(toErrorBody(new ServiceUnavailableError(message)));
  res.writeHead(503, {
    'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store',
    ...(again ? { 'retry-after': '1' } : {}),
  });
  res.end(body);
}

function answerLost(res: ServerResponse, writer: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  unavailable(res, `The writer replica ${writer} stopped answering after the write was sent: it may or may not have been made`);
}

/**
 * Send one write to `writer` and relay its answer byte for byte. Resolves `unreachable` when the connection failed
 * before anything was sent (refused, timed out: the next replica may take it), else `sent` once it was connected;
 * a connection lost after that, or no answer within `choice.answerWithinMs` of the request's last byte, is answered
 * 503 (the write may have been made: it is never run twice).
 */
function forwardTo(
  writer: string, req: IncomingMessage, res: ServerResponse, choice: WriterChoice, client: string,
): Promise<'unreachable' | 'sent'> {
  return new Promise((resolve) => {
    const target = new URL(req.url ?? '/', `${writer}/`);
    const base = new URL(writer);
    const request = base.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = request({
      protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method,
      path: `${base.pathname.replace(/\/+$/, '')}${target.pathname}${target.search}`,
      headers: forwardedHeaders(req, choice, client), setHost: false, agent: false,
    });
    let sent = false;
    const timer = setTimeout(() => upstream.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    const connected = () => {
      clearTimeout(timer);
      sent = true;
      choice.wrote(writer, 'forwarded');
      resolve('sent');
      req.pipe(upstream);
    };
    upstream.once('socket', (socket) => {
      if (!socket.connecting) connected();
      else socket.once(base.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    upstream.on('error', () => {
      clearTimeout(timer);
      if (!sent) return resolve('unreachable');
      choice.wrote(writer, 'lost');
      answerLost(res, writer);
    });
    // Sent whole, the write is the writer's to answer: one that stays silent past its push timeout has hung.
    let answerTimer: NodeJS.Timeout | undefined;
    upstream.once('finish', () => {
      answerTimer = setTimeout(() => upstream.destroy(new Error(`no answer within ${choice.answerWithinMs} ms`)), choice.answerWithinMs);
    });
    upstream.once('close', () => clearTimeout(answerTimer));
    upstream.once('response', (answer) => {
      clearTimeout(answerTimer);
      res.sendDate = false;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, relayedHeaders(answer.rawHeaders));
      answer.pipe(res);
      answer.once('aborted', () => res.destroy());
      answer.once('error', () => res.destroy());
    });
    // The client went away before its answer: the writer's connection goes too (the write may still be made there).
    res.once('close', () => { if (!res.writableFinished) upstream.destroy(); });
  });
}

/** A write forwarded to this replica, which does not hold the writer lock: refused before it is read, so it can be sent again. */
export function refuseNotWriter(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  unavailable(res, `This replica is not the writer (PostgreSQL names another, or none yet): ${NOTHING}; send it again`, true);
}

/**
 * A write arriving at a replica with peers goes to the writer (see writer-choice.ts): resolves true when it was answered
 * here (sent to the writer and its answer relayed, or 503 when no writer could be named in time), false when this replica
 * is the writer, or (URL order) every replica before it in the list refused the connection: then it is written here.
 * `client`: the request's client address (see clientAddress), passed on for the writer's per-client limits.
 */
export async function forwardWrite(req: IncomingMessage, res: ServerResponse, choice: WriterChoice, client: string): Promise<boolean> {
  for (;;) {
    const writer = await choice.next();
    if (writer === undefined) {
      unavailable(res, `No writer replica is named by PostgreSQL (an election is under way or it cannot be reached): ${NOTHING}`, true);
      return true;
    }
    if (writer === choice.self) break;
    if ((await forwardTo(writer, req, res, choice, client)) === 'sent') return true;
    choice.down(writer);
  }
  choice.wrote(choice.self);
  return false;
}
