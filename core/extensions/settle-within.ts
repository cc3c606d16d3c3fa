import { ServiceUnavailableError } from '../errors.js';

/** Project code that did not settle in time: the request fails with Strapi's envelope instead of never being answered. */
export class HookTimeoutError extends ServiceUnavailableError {
  constructor(what: string, seconds: number) {
    super(`${what} did not finish within ${seconds} s (extensions.hookTimeout)`);
  }
}

/**
 * Wait for project code (a lifecycle hook, a route's handling) at most `seconds`: past it, a
 * `HookTimeoutError` (503). The code itself cannot be stopped; whatever it resolves to later is
 * dropped, and the caller goes no further (a before hook's write is never made).
 *
 * @example
 * await settleWithin(30, 'beforeUpdate of api::article.article', Promise.resolve(hook(event)));
 */
export async function settleWithin<T>(seconds: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new HookTimeoutError(what, seconds)), seconds * 1000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
