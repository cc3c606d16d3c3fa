import { AsyncLocalStorage } from 'node:async_hooks';
import type { StrapiContext } from './context.js';

const contexts = new AsyncLocalStorage<StrapiContext>();

/**
 * Run a request's handling with its context, so `strapi.requestContext.get()` answers it anywhere below: a lifecycle
 * of a write the request makes, a service, a policy.
 *
 * @example
 * await withRequestContext(ctx, () => handle(ctx));
 */
export function withRequestContext<T>(ctx: StrapiContext, work: () => T): T {
  return contexts.run(ctx, work);
}

/** `strapi.requestContext`: `get()` is the context of the request this code runs for (undefined outside one, as in bootstrap). */
export const requestContext = Object.freeze({ get: (): StrapiContext | undefined => contexts.getStore() });

/**
 * Does the current request ask for Strapi v4's response shape? Strapi's core controller reads the header from its
 * request context in `transformResponse`, so custom actions that call it (or the core actions) answer v4 too.
 */
export const wantsV4 = () => contexts.getStore()?.headers['strapi-response-format'] === 'v4';
