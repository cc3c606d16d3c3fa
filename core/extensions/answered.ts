/**
 * Has a policy or middleware set an error answer (`return ctx.unauthorized(…)`, `ctx.forbidden(…)`, `ctx.status = 401`)?
 * Strapi's response helpers set the answer and return undefined, which as a policy's result counts as a pass; the answer
 * they set is the refusal, so the work behind them (the controller, the built-in route's work) must not run. The context's
 * untouched default (404, no body) is no answer.
 *
 * @example
 * await runPolicies(code, route, ctx); if (answeredWithError(ctx)) return; // the answer set is sent
 */
export const answeredWithError = (ctx: { status: number; body?: unknown }): boolean =>
  ctx.status >= 400 && !(ctx.status === 404 && (ctx.body === undefined || ctx.body === null));
