import { STATUS_CODES } from 'node:http';
import type { Caller } from '../access/permissions.js';
import { CmsError, ForbiddenError, NotFoundError, UnauthorizedError, type ErrorDetails } from '../errors.js';
import type { RawQuery } from '../query/normalize.js';
import { BadRequestError, InternalServerError } from './errors.js';

/** The part of Koa's context Strapi project code uses (see docs/guide/extending.md for the list). */
export interface StrapiContext {
  method: string;
  url: string;
  path: string;
  params: Record<string, string>;
  query: RawQuery;
  request: {
    method: string; url: string; path: string; query: RawQuery; body: unknown;
    header: Record<string, string>; headers: Record<string, string>; ip?: string;
  };
  header: Record<string, string>;
  headers: Record<string, string>;
  state: {
    user?: { id: number; username?: string } & Record<string, unknown>;
    auth?: { strategy: { name: string }; credentials: unknown };
    route?: unknown;
  };
  body: unknown;
  status: number;
  response: { headers: Record<string, string> };
  get(name: string): string;
  set(name: string | Record<string, string>, value?: string): void;
  badRequest(message?: string, details?: ErrorDetails): void;
  notFound(message?: string, details?: ErrorDetails): void;
  forbidden(message?: string, details?: ErrorDetails): void;
  unauthorized(message?: string, details?: ErrorDetails): void;
  internalServerError(message?: string, details?: ErrorDetails): void;
  send(data: unknown, status?: number): void;
  throw(status: number, message?: string): never;
}

/** How the route reached the context: the caller the request authenticated as (undefined: `auth: false`). */
export interface ContextInput {
  request: Request;
  url: URL;
  params: Record<string, string>;
  query: RawQuery;
  body: unknown;
  caller: Caller | undefined;
  /** The signed-in user (users-permissions JWT), as `ctx.state.user` shows it: without secrets, its role populated. */
  user?: Record<string, unknown>;
  route: unknown;
}

/** http-errors' name for a status, as Strapi answers `ctx.throw(418)`: `I'm a Teapot` → `ImATeapotError`. */
const httpErrorName = (status: number) => {
  const capital = (word: string) => word[0].toUpperCase() + word.slice(1);
  const words = (STATUS_CODES[status] ?? 'Http').split(/\s+/).map(capital).join('').replace(/[^A-Za-z0-9]/g, '');
  return words.endsWith('Error') ? words : `${words}Error`;
};

function stateFor(caller: Caller | undefined, signedIn: Record<string, unknown> | undefined): StrapiContext['state'] {
  if (!caller || caller.kind === 'public' || caller.kind === 'trusted') return {};
  if (caller.kind === 'user') {
    const user = (signedIn ?? { id: caller.userId!, username: caller.name }) as { id: number; username?: string };
    return { user, auth: { strategy: { name: 'users-permissions' }, credentials: user } };
  }
  return { auth: { strategy: { name: 'content-api-token' }, credentials: { name: caller.name } } };
}

/**
 * A Koa-like context for one request to a project route: what handlers, policies and middlewares read
 * (`params`, `query`, `request.body`, `state`) and write (`body`, `status`, `set`), and the response
 * helpers that set Strapi's error envelope and return (`badRequest`, `notFound`, `forbidden`, `unauthorized`,
 * `internalServerError`), and `send`.
 *
 * @example
 * const ctx = createContext({ request, url, params: { id }, query, body, caller, route }); ctx.notFound('No such article');
 */
export function createContext(input: ContextInput): StrapiContext & { caller: Caller | undefined } {
  const header: Record<string, string> = Object.create(null);
  input.request.headers.forEach((value, name) => { header[name] = value; });
  const responseHeaders: Record<string, string> = Object.create(null);
  const path = input.url.pathname;
  const url = path + input.url.search;
  const request = { method: input.request.method, url, path, query: input.query, body: input.body, header, headers: header };
  // Strapi's koa response helpers set the error answer and return (they do not throw: code after them still runs).
  type Answering = { status: number; body: unknown };
  const fail = (Kind: new (message?: string, details?: ErrorDetails) => CmsError) => function (this: Answering, message?: string,
    details?: ErrorDetails): void {
    const error = new Kind(message, details ?? {});
    this.status = error.status;
    this.body = { data: null, error: { status: error.status, name: error.name, message: error.message, details: error.details ?? {} } };
  };
  const state = { ...stateFor(input.caller, input.user), route: input.route };
  const ctx = {
    caller: input.caller,
    method: input.request.method, url, path, params: input.params, request, header, headers: header, state,
    body: undefined as unknown,
    status: 404,
    response: { headers: responseHeaders },
    get: (name: string) => header[name.toLowerCase()] ?? '',
    set(name: string | Record<string, string>, value?: string) {
      const pairs = typeof name === 'string' ? [[name, value ?? '']] : Object.entries(name);
      for (const [key, text] of pairs) responseHeaders[key.toLowerCase()] = String(text);
    },
    badRequest: fail(BadRequestError),
    internalServerError: fail(InternalServerError),
    // Strapi's koa response helper: the body, with a status (200 unless given).
    send(this: { status: number; body: unknown }, data: unknown, status = 200) { this.status = status; this.body = data; },
    notFound: fail(NotFoundError),
    forbidden: fail(ForbiddenError),
    unauthorized: fail(UnauthorizedError),
    throw: (status: number, message?: string): never => {
      throw new CmsError(message ?? STATUS_CODES[status] ?? 'Error', status, undefined, httpErrorName(status));
    },
  };
  // `ctx.query` and `ctx.request.query` are one value (Koa): a handler replacing one replaces both.
  let query = input.query;
  Object.defineProperty(ctx, 'query', { get: () => query, set: (value: RawQuery) => { query = value; }, enumerable: true });
  Object.defineProperty(request, 'query', { get: () => query, set: (value: RawQuery) => { query = value; }, enumerable: true });
  // Koa: setting a body makes the status 200 unless one was set.
  let body: unknown;
  let statusSet = false;
  let status = 404;
  Object.defineProperty(ctx, 'body', {
    get: () => body,
    set: (value: unknown) => { body = value; if (!statusSet) status = value === null ? 204 : 200; },
    enumerable: true,
  });
  const setStatus = (value: number) => { status = value; statusSet = true; };
  Object.defineProperty(ctx, 'status', { get: () => status, set: setStatus, enumerable: true });
  return ctx as unknown as StrapiContext & { caller: Caller | undefined };
}
