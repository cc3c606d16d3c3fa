import { AsyncLocalStorage } from 'node:async_hooks';
import type { StrapiContext } from './context.js';

const requests = new AsyncLocalStorage<StrapiContext>();

/** Run a project route's work with its context as the current request (what Strapi's `requestContext` holds). */
export const withRequest = <T>(ctx: StrapiContext, work: () => Promise<T>): Promise<T> => requests.run(ctx, work);

/** The context of the project route being answered, if any (a bootstrap or lifecycle outside a request has none). */
export const currentRequest = (): StrapiContext | undefined => requests.getStore();

/**
 * Does the current request ask for Strapi v4's response shape? Strapi's core controller reads the header from its
 * request context in `transformResponse`, so custom actions that call it (or the core actions) answer v4 too.
 */
export const wantsV4 = () => currentRequest()?.headers['strapi-response-format'] === 'v4';
